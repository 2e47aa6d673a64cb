import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { pluralise } from '@shared/pluralise';
import { paths } from '@shared/paths';
import type { RosterDj } from '@shared/schemas/djs';
import { contactHostName, useSettings } from '@client/shared/settings';
import { useRoster } from '@client/shared/djs';
import { PlayLink } from './PlayDate';

const matches = (dj: RosterDj, needle: string) =>
  [dj.djName, dj.publicName, dj.discordId ?? ''].some((value) => value.toLowerCase().includes(needle));

export function RosterPage() {
  const roster = useRoster();
  const settings = useSettings();
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());
  const djs = useMemo(
    () => (needle ? roster.data?.djs.filter((dj) => matches(dj, needle)) : roster.data?.djs) ?? [],
    [roster.data, needle],
  );

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

      <Form.Group className="mb-2" controlId="roster-search" style={{ maxWidth: '30rem' }}>
        <Form.Label>Search</Form.Label>
        <Form.Control
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Dj name, public name or Discord ID"
        />
      </Form.Group>

      {meta && (
        <p className="text-body-secondary small mb-3" data-testid="roster-meta">
          {needle ? `${djs.length} of ${pluralise(meta.total, 'DJ')}` : pluralise(meta.total, 'DJ')}
          {' · '}
          Earliest recorded event:{' '}
          {meta.earliestEvent ? <PlayLink play={meta.earliestEvent} withName /> : 'none yet'}
        </p>
      )}

      {roster.isPending && (
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <Spinner size="sm" animation="border" role="status" /> Loading djs…
        </div>
      )}
      {failed && (
        <Alert variant="danger">
          The roster could not be loaded: {roster.error.message}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void roster.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {roster.isSuccess && djs.length === 0 && (
        <Alert variant="secondary">{needle ? `No DJs match “${search.trim()}”.` : 'No DJs yet. Use Create Dj to add the first.'}</Alert>
      )}
      {djs.length > 0 && <RosterTable djs={djs} />}
    </>
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
            </td>
            <td>{dj.publicName}</td>
            <td className="font-monospace small">{dj.discordId}</td>
            <td className="text-end">{dj.totalPlays}</td>
            <td className="text-nowrap">{dj.mostRecentPlay ? <PlayLink play={dj.mostRecentPlay} /> : '—'}</td>
            <td className="text-break small" style={{ minWidth: '12rem' }}>
              {dj.rtmpUrl}
            </td>
            <td>{dj.twitchUsername}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
