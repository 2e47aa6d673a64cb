import { Outlet } from 'react-router';
import { PublicFrame } from './PublicFrame';
import './public.css';

/** The public pages when the app itself shows them (a link followed inside the app, `npm run dev`). */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
