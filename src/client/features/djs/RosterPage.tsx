import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Form, Spinner, Table } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { pluralise } from '@shared/pluralise';
import { paths } from '@shared/paths';
import { ROSTER_PAGE, type RosterDj } from '@shared/schemas/djs';
import { LoadError } from '@client/components/LoadError';
import { contactHostName, useSettings } from '@client/shared/settings';
import { useDebounced, useRoster } from '@client/shared/djs';
import { PlayLink } from './PlayDate';
import { MaskedLink } from '@client/components/StreamLink';
import { ViewSwitch } from '@client/components/ViewSwitch';

export function RosterPage() {
  const [showArchived, setShowArchived] = useState(false);
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), 250);
  // The page belongs to its search and view: a new search or view starts at its first page.
  const view = JSON.stringify([needle, showArchived]);
  const [paging, setPaging] = useState({ view, page: 0 });
  const page = paging.view === view ? paging.page : 0;
  const setPage = (next: number) => {
    setPaging({ view, page: next });
    // The pager is below the rows: the next page is read from its top.
    window.scrollTo({ top: 0 });
  };
  const roster = useRoster({ archived: showArchived ? 'include' : 'hide', search: needle, offset: page * ROSTER_PAGE });
  const settings = useSettings();
  const djs = roster.data?.djs ?? [];

  const failed = roster.isError;
  const host = contactHostName(settings.data);
  useEffect(() => {
    // The spec's text, two spaces included.
    if (failed) toast.error(`Problem loading djs.  Please yell at ${host} in the coordination channel.`, { id: 'roster-load' });
  }, [failed, host]);

  const meta = roster.data?.meta;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Dj Roster</h1>
        <Link to={paths.createDj()} className="btn btn-primary">
          Create Dj
        </Link>
      </div>

      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <Form.Group controlId="roster-search" className="flex-grow-1 lu-measure-sm">
          <Form.Label>Search</Form.Label>
          <Form.Control
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Dj name, public name or Discord ID"
          />
        </Form.Group>
        <ViewSwitch id="roster-show-archived" className="mb-2" label="Show archived" checked={showArchived} onChange={setShowArchived} />
      </div>

      {meta && (
        <p className="text-body-secondary small mb-3" data-testid="roster-meta">
          {needle ? `${meta.matching} of ${pluralise(meta.total, 'DJ')}` : pluralise(meta.total, 'DJ')}
          {' · '}
          Earliest recorded event:{' '}
          {meta.earliestEvent ? <PlayLink play={meta.earliestEvent} withName /> : 'none yet'}
        </p>
      )}

      {roster.isPending && (
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <Spinner size="sm" animation="border" role="status" /> Loading DJs…
        </div>
      )}
      {failed && <LoadError title="The roster could not be loaded." error={roster.error} onRetry={roster.refetch} heading="h2" />}
      {roster.isSuccess && djs.length === 0 && (
        <Alert variant="secondary">{needle ? `No DJs match “${needle}”.` : 'No DJs yet. Use Create Dj to add the first.'}</Alert>
      )}
      {djs.length > 0 && <RosterTable djs={djs} />}
      {meta && meta.matching > ROSTER_PAGE && <Pager page={page} matching={meta.matching} loading={roster.isPlaceholderData} onPage={setPage} />}
    </>
  );
}

/** Previous and next page, and which rows are shown ("51–100 of 1,234"). */
function Pager({ page, matching, loading, onPage }: { page: number; matching: number; loading: boolean; onPage: (page: number) => void }) {
  const first = page * ROSTER_PAGE + 1;
  const last = Math.min(matching, (page + 1) * ROSTER_PAGE);
  const pages = Math.ceil(matching / ROSTER_PAGE);
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <nav aria-label="Roster pages" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span className="small text-body-secondary" aria-live="polite" data-testid="roster-range">
        {number(first)}–{number(last)} of {number(matching)}
        {loading && <Spinner size="sm" animation="border" role="status" className="ms-2" />}
      </span>
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline-secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

function RosterTable({ djs }: { djs: RosterDj[] }) {
  return (
    <Table responsive striped hover size="sm" className="align-middle">
      <thead>
        <tr>
          <th>Dj Name</th>
          <th>Alt Name</th>
          <th>Discord ID</th>
          <th className="text-end">Total Plays</th>
          <th>Most Recent Play</th>
          <th>VRCDN/RTMP</th>
          <th>Twitch Username</th>
        </tr>
      </thead>
      <tbody>
        {djs.map((dj) => (
          <tr key={dj.id}>
            <td>
              <Link to={paths.dj(dj.id)} className="fw-semibold">
                {dj.djName || '(no name)'}
              </Link>
              {dj.archived && (
                <Badge bg="secondary" className="ms-2">
                  Archived
                </Badge>
              )}
            </td>
            <td>{dj.publicName}</td>
            <td className="font-monospace small">{dj.discordId}</td>
            <td className="text-end">{dj.totalPlays}</td>
            <td className="text-nowrap">
              {dj.mostRecentPlay ? <PlayLink play={dj.mostRecentPlay} /> : '—'}
              {/* Booked, not played yet (issue 34): upcoming, never the most recent play. */}
              {dj.nextPlay && (
                <div className="small text-body-secondary" data-testid="next-play">
                  Upcoming: <PlayLink play={dj.nextPlay} />
                </div>
              )}
            </td>
            <td className="text-break small" style={{ minWidth: '12rem' }}>
              <MaskedLink link={dj.rtmpUrl} />
            </td>
            <td>{dj.twitchUsername}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
