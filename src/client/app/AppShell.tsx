import './shell.css';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useNavigation } from 'react-router';
import { hasAccess } from '@shared/policy';
import type { Me } from '@shared/schemas/auth';
import { paths } from '@shared/paths';
import { Avatar } from '../components/Avatar';
import { VinylRecord } from '../components/VinylLoader';
import { useLogout, useMe, useSignOutOnExpiredSession } from '@client/shared/session';
import { useAppName } from '../lib/appName';
import { chooseTheme } from '../lib/theme';
import { useThemePreference } from '../lib/useThemePreference';
import type { ThemePreference } from '@shared/theme';

// The frame around every screen but the sign-in ones: navigation bar, then the page (whose
// guard, RequireAccess, adds the breadcrumbs once access is granted).
//
// Every first visit downloads this frame, so it is plain markup with Bootstrap's classes rather
// than react-bootstrap's Navbar and Dropdown (which bring Popper and their transitions), and the
// logout question (a modal) is loaded when it is first asked.

const ConfirmDialog = lazy(async () => ({ default: (await import('../components/ConfirmDialog')).ConfirmDialog }));

export function AppShell() {
  const me = useMe();
  useSignOutOnExpiredSession();
  useStaffFont(!!me.data && hasAccess(me.data.roles, 'staff'));
  return (
    <>
      <NavigationProgress />
      <AppNavbar me={me.data ?? null} />
      <main className="container py-3">
        <Outlet />
      </main>
    </>
  );
}

/**
 * Staff pages are set in Inter, everyone else's in the device's font (app-theme.css, decision 057):
 * marked before the browser paints, so a staff page never shows in the other font first.
 */
function useStaffFont(staff: boolean) {
  useLayoutEffect(() => {
    if (staff) document.documentElement.dataset.font = 'inter';
    else delete document.documentElement.dataset.font;
  }, [staff]);
}

/**
 * While the next page loads (its code on a slow link), a bar at the top says so at once: a click
 * never seems to do nothing (issue 34).
 */
function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  return loading ? <div className="navigation-progress" role="progressbar" aria-label="Loading the page" /> : null;
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
  const [expanded, setExpanded] = useState(false);
  const appName = useAppName();
  const brand = (
    <>
      <VinylRecord size={28} />
      <span>{appName}</span>
    </>
  );
  return (
    <nav className="navbar navbar-expand-md bg-dark app-navbar" data-bs-theme="dark">
      <div className="container">
        {me ? (
          <Link className="navbar-brand" to={paths.home()}>
            {brand}
          </Link>
        ) : (
          <span className="navbar-brand">{brand}</span>
        )}
        <div className="d-flex align-items-center gap-2 order-md-last">
          {me && <UserMenu me={me} />}
          {staff && (
            <button
              type="button"
              className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
              aria-controls="app-nav"
              aria-expanded={expanded}
              aria-label="Toggle navigation"
              onClick={() => setExpanded(!expanded)}
            >
              <span className="navbar-toggler-icon" />
            </button>
          )}
        </div>
        {staff && (
          <div id="app-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav me-auto">
              {STAFF_LINKS.map((link) => (
                <li key={link.to} className="nav-item">
                  <NavLink className="nav-link" to={link.to} end={link.end} onClick={() => setExpanded(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </nav>
  );
}

/** The avatar's menu: roles and Logout. Closes on Escape (back to its button) and outside clicks. */
function UserMenu({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The dialog stays mounted once asked, so that it can fade out.
  const [asked, setAsked] = useState(false);
  const logout = useLogout();
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <>
      <div className="navbar-nav user-menu">
        <div className="nav-item dropdown" ref={menu}>
          <button ref={toggle} id="user-menu" type="button" className="nav-link dropdown-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            <Avatar url={me.avatarUrl} name={me.publicName} />
            <span className="user-menu__name">{me.publicName}</span>
          </button>
          <div className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} data-bs-popper="static">
            <div className="dropdown-header" role="heading" aria-level={2}>
              Roles
            </div>
            {me.roles.length === 0 ? (
              <span className="dropdown-item-text text-body-secondary">No roles</span>
            ) : (
              me.roles.map((role) => (
                <span key={role} className="dropdown-item-text role-item">
                  {role}
                </span>
              ))
            )}
            <hr className="dropdown-divider" />
            <ThemeChoice />
            <hr className="dropdown-divider" />
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                setOpen(false);
                setAsked(true);
                setConfirming(true);
              }}
            >
              Logout
            </button>
          </div>
        </div>
      </div>
      {asked && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </>
  );
}

const THEME_CHOICES: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light, dark or as the device is: remembered by this browser (lib/theme.ts). */
function ThemeChoice() {
  const preference = useThemePreference();
  return (
    <>
      <div className="dropdown-header" id="theme-choice-label">
        Theme
      </div>
      <div className="theme-choice" role="group" aria-labelledby="theme-choice-label">
        {THEME_CHOICES.map(({ value, label }) => (
          <button key={value} type="button" className="theme-choice__option" aria-pressed={preference === value} onClick={() => chooseTheme(value)}>
            {label}
          </button>
        ))}
      </div>
    </>
  );
}
