import './event-page.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { Alert, Nav, Spinner } from 'react-bootstrap';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '@shared/paths';
import { LoadError } from '@client/components/LoadError';
import { MessageAlert } from '@client/components/MessageAlert';
import { ApiError } from '@client/lib/api';
import { type EventTabDefinition, EventTabsProvider } from '@client/shared/eventTabs';
import { useEventDetail } from '@client/shared/events';
import { CancellationNotice } from './CancellationNotice';
import { ConflictAlert } from './draft/ConflictAlert';
import { EventDraftProvider } from '@client/shared/draft';
import { EventHeader } from './EventHeader';
import { LeaveGuard } from './draft/LeaveGuard';
import { SaveBar } from './draft/SaveBar';
import { StoredProblemsAlert } from './draft/StoredProblemsAlert';

/** /events/:eventId: loads the event, holds its draft for every tab, and frames the tabs (in their order). */
export function EventPage({ tabs }: { tabs: readonly EventTabDefinition[] }) {
  const { eventId = '' } = useParams();
  const event = useEventDetail(eventId);
  const { pathname } = useLocation();
  if (event.isPending) return <Spinner animation="border" role="status" aria-label="Loading event" />;
  if (event.isError) {
    const backToEvents = (
      <Alert.Link as={Link} to={paths.events()}>
        Back to Events
      </Alert.Link>
    );
    if (event.error instanceof ApiError && event.error.status === 404) {
      return (
        <MessageAlert variant="warning" message="Event not found.">
          {backToEvents}
        </MessageAlert>
      );
    }
    return (
      <LoadError title="Failed to load the event." error={event.error} onRetry={event.refetch}>
        {backToEvents}
      </LoadError>
    );
  }
  return (
    // Keyed by event: another event gets a fresh draft.
    <EventDraftProvider key={eventId} stored={event.data}>
      <EventTabsProvider value={tabs}>
        <EventHeader />
        <CancellationNotice />
        <ConflictAlert />
        <StoredProblemsAlert tabs={tabs} />
        <EventTabs>
          {tabs.filter((definition) => !definition.hidden).map(({ tab, label }, index) => (
            <Nav.Item key={tab}>
              <Nav.Link
                as={NavLink}
                to={paths.event(eventId, tab)}
                // The index route shows the first tab too.
                className={index === 0 && pathname === paths.event(eventId) ? 'active' : undefined}
              >
                {label}
              </Nav.Link>
            </Nav.Item>
          ))}
        </EventTabs>
        <Outlet />
        <SaveBar />
        <LeaveGuard />
      </EventTabsProvider>
    </EventDraftProvider>
  );
}

/** The tabs on one row, scrolled sideways on a phone so the open one is in view (event-page.css). */
function EventTabs({ children }: { children: ReactNode }) {
  const nav = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('.nav-link.active');
    if (!row || !active) return;
    // An observer says where the tab is once the page is laid out: measured here, a freshly drawn
    // event page (a lineup of 60 cards) would be laid out once more, in this task.
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (!entry?.rootBounds || entry.intersectionRatio >= 1) return;
        const { left, width } = entry.boundingClientRect;
        row.scrollLeft += left - entry.rootBounds.left - (entry.rootBounds.width - width) / 2;
      },
      { root: row, threshold: 1 },
    );
    observer.observe(active);
    return () => observer.disconnect();
  }, [pathname]);
  return (
    <Nav ref={nav} variant="tabs" className="mb-3 event-tabs">
      {children}
    </Nav>
  );
}
