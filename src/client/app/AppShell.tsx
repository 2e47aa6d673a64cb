import { Outlet } from 'react-router';

export function AppShell() {
  return <Outlet />;
}
