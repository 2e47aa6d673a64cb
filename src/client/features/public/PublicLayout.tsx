import { Link, Outlet } from 'react-router';
import { feeds, paths } from '@shared/paths';
import { VinylRecord } from '@client/components/VinylLoader';
import { appName } from '@client/lib/api';
import './public.css';

/** The frame of the public pages: light, no sign-in, nothing that needs a session. */
export function PublicLayout() {
  return (
    <div className="public-site">
      <header className="public-header">
        <div className="container d-flex align-items-center">
          <Link to={paths.publicLineups()} className="public-brand">
            <VinylRecord size={28} />
            <span>{appName()}</span>
          </Link>
        </div>
      </header>
      <main className="container public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="container">
          <a href={feeds.events()}>Add every event to your calendar (iCal)</a>
        </div>
      </footer>
    </div>
  );
}
