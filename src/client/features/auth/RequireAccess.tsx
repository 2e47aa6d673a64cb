import { Outlet } from 'react-router';
import type { Access } from '../../../shared/policy';

export function RequireAccess(_props: { access: Access }) {
  return <Outlet />;
}
