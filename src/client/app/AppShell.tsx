import './shell.css';
import { useState } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { Link, NavLink, Outlet } from 'react-router';
import { hasAccess } from '@shared/policy';
import type { Me } from '@shared/schemas/auth';
import { paths } from '@shared/paths';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { VinylRecord } from '../components/VinylLoader';
import { useLogout, useMe, useSignOutOnExpiredSession } from '@client/shared/session';
import { appName } from '../lib/api';

// The frame around every screen but the sign-in ones: navigation bar, then the page (whose
// guard, RequireAccess, adds the breadcrumbs once access is granted).

export function AppShell() {
  const me = useMe();
  useSignOutOnExpiredSession();
  return (
    <>
      <AppNavbar me={me.data ?? null} />
      <Container as="main" className="py-3">
        <Outlet />
      </Container>
    </>
  );
}

const STAFF_LINKS = [
  { to: paths.home(), label: 'Home', end: true },
  { to: paths.events(), label: 'Events', end: false },
  { to: paths.djs(), label: 'Dj Roster', end: false },
  { to: paths.globalSettings(), label: 'Global Settings', end: false },
];

function AppNavbar({ me }: { me: Me | null }) {
  // Staff see the whole app; a DJ their Home and signup pages, so only the brand and their menu.
  const staff = !!me && hasAccess(me.roles, 'staff');
  const brand = (
    <>
      <VinylRecord size={28} />
      <span>{appName()}</span>
    </>
  );
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" className="app-navbar" collapseOnSelect>
      <Container>
        {me ? (
          <Navbar.Brand as={Link} to={paths.home()}>
            {brand}
          </Navbar.Brand>
        ) : (
          <Navbar.Brand as="span">{brand}</Navbar.Brand>
        )}
        <div className="d-flex align-items-center gap-2 order-md-last">
          {me && <UserMenu me={me} />}
          {staff && <Navbar.Toggle aria-controls="app-nav" />}
        </div>
        {staff && (
          <Navbar.Collapse id="app-nav">
            <Nav className="me-auto">
              {STAFF_LINKS.map((link) => (
                <Nav.Link key={link.to} as={NavLink} to={link.to} end={link.end} eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              ))}
            </Nav>
          </Navbar.Collapse>
        )}
      </Container>
    </Navbar>
  );
}

function UserMenu({ me }: { me: Me }) {
  const [confirming, setConfirming] = useState(false);
  const logout = useLogout();
  return (
    <>
      <Nav className="user-menu">
        <NavDropdown
          align="end"
          id="user-menu"
          title={
            <>
              <Avatar url={me.avatarUrl} name={me.publicName} />
              <span className="user-menu__name">{me.publicName}</span>
            </>
          }
        >
          <NavDropdown.Header aria-level={2}>Roles</NavDropdown.Header>
          {me.roles.length === 0 ? (
            <NavDropdown.ItemText className="text-body-secondary">No roles</NavDropdown.ItemText>
          ) : (
            me.roles.map((role) => (
              <NavDropdown.ItemText key={role} className="role-item">
                {role}
              </NavDropdown.ItemText>
            ))
          )}
          <NavDropdown.Divider />
          <NavDropdown.Item as="button" onClick={() => setConfirming(true)}>
            Logout
          </NavDropdown.Item>
        </NavDropdown>
      </Nav>
      <ConfirmDialog
        show={confirming}
        title="Are You sure?"
        busy={logout.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => logout.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        You are about to logout
        {logout.isError && <div className="text-danger mt-2">Logout failed: {logout.error.message}</div>}
      </ConfirmDialog>
    </>
  );
}
