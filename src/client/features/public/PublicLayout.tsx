import { Container } from 'react-bootstrap';
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
        <Container className="d-flex align-items-center">
          <Link to={paths.publicLineups()} className="public-brand">
            <VinylRecord size={28} />
            <span>{appName()}</span>
          </Link>
        </Container>
      </header>
      <Container as="main" className="public-main">
        <Outlet />
      </Container>
      <footer className="public-footer">
        <Container>
          <a href={feeds.events()}>Add every event to your calendar (iCal)</a>
        </Container>
      </footer>
    </div>
  );
}
