import './djs.css';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { Alert, Badge, Button, Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import type { Dj, DjPlay } from '@shared/schemas/djs';
import { playsAsOf } from '@shared/plays';
import { paths } from '@shared/paths';
import { staffTime } from '@shared/time';
import { djToInput } from '@shared/schemas/djs';
import { LoadError } from '@client/components/LoadError';
import { Avatar } from '@client/components/Avatar';
import { ApiError } from '@client/lib/api';
import { useStaffZones } from '@client/lib/useZone';
import { useDjDetails, useUpdateDj } from '@client/shared/djs';
import { DjForm } from '@client/components/DjForm';
import { DjActions } from './DjActions';
import { DjSignups } from './DjSignups';
import { MaskedLink } from '@client/components/StreamLink';
import { djStoredProblems } from '@shared/stored-problems';

export function DjDetailsPage() {
  const djId = useParams().djId!;
  const details = useDjDetails(djId);
  const [editing, setEditing] = useState(false);

  if (details.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 text-body-secondary">
        <Spinner size="sm" animation="border" role="status" /> Loading dj…
      </div>
    );
  }
  if (details.isError) {
    const back = (
      <Alert.Link as={Link} to={paths.djs()}>
        Back to the Dj Roster
      </Alert.Link>
    );
    if (details.error instanceof ApiError && details.error.status === 404) {
      return <Alert variant="warning">Dj not found. {back}</Alert>;
    }
    return (
      <LoadError title="The DJ could not be loaded." error={details.error} onRetry={details.refetch}>
        {back}
      </LoadError>
    );
  }

  const { dj, archived, plays } = details.data;
  return (
    <Row className="g-4">
      <Col lg={7}>
        {editing ? (
          <EditDj dj={dj} onDone={() => setEditing(false)} />
        ) : (
          <ViewDj dj={dj} archived={archived} playCount={plays.length} onEdit={() => setEditing(true)} />
        )}
      </Col>
      <Col lg={5} className="d-flex flex-column gap-4">
        <Plays plays={plays} />
        <DjSignups djId={dj.id} />
      </Col>
    </Row>
  );
}

function ViewDj({ dj, archived, playCount, onEdit }: { dj: Dj; archived: boolean; playCount: number; onEdit: () => void }) {
  const rows: [string, ReactNode][] = [
    ['Public name', dj.publicName],
    ['Dj Name', dj.djName],
    ['Discord ID', dj.discordId ? <span className="font-monospace">{dj.discordId}</span> : 'Not set'],
    ['VRCDN/RTMP stream URL', dj.rtmpUrl ? <MaskedLink link={dj.rtmpUrl} /> : 'Not set'],
    [
      'Twitch username',
      dj.twitchUsername ? (
        <a href={`https://www.twitch.tv/${encodeURIComponent(dj.twitchUsername)}`} target="_blank" rel="noopener noreferrer">
          {dj.twitchUsername}
        </a>
      ) : (
        'Not set'
      ),
    ],
  ];
  return (
    <Card>
      <Card.Body>
        <div className="d-flex align-items-center gap-3 mb-3">
          <span className="dj-avatar">
            <Avatar url={dj.avatarUrl} name={dj.publicName || dj.djName} size={72} />
          </span>
          <div className="me-auto min-w-0">
            <h1 className="h3 mb-0 text-break">{dj.djName}</h1>
            <div className="text-body-secondary">{dj.publicName}</div>
            {archived && (
              <Badge bg="secondary" className="mt-1">
                Archived
              </Badge>
            )}
          </div>
          <Button onClick={onEdit}>Edit</Button>
        </div>
        <dl className="row mb-2">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="col-sm-5">{label}</dt>
              <dd className="col-sm-7">{value}</dd>
            </Fragment>
          ))}
        </dl>
        <StoredDjProblems dj={dj} />
        {dj.discordId && (
          <a href={`https://discord.com/users/${dj.discordId}`} target="_blank" rel="noopener noreferrer">
            Open Discord profile
          </a>
        )}
        {archived && (
          <Alert variant="secondary" className="mt-3 mb-0">
            Archived: hidden from the Dj Roster's default view and the lineup's Add Dj search. Their plays and signups are kept.
          </Alert>
        )}
      </Card.Body>
      <Card.Footer className="bg-transparent">
        <DjActions dj={dj} archived={archived} playCount={playCount} />
      </Card.Footer>
    </Card>
  );
}

function EditDj({ dj, onDone }: { dj: Dj; onDone: () => void }) {
  const update = useUpdateDj(dj.id);
  return (
    <Card>
      <Card.Body>
        <h1 className="h3 mb-3">Edit {dj.djName}</h1>
        <DjForm
          initial={djToInput(dj)}
          disabled={update.isPending}
          guardLeave
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: () => {
                toast.success('DJ saved.');
                onDone();
              },
              onError: (error) => toast.error(`Error: ${error.message}`),
            })
          }
        >
          <div className="d-flex gap-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Submit'}
            </Button>
            <Button variant="outline-secondary" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </DjForm>
      </Card.Body>
    </Card>
  );
}

/**
 * The spec's Plays list: events the DJ played (their event is over, shared/plays.ts), newest
 * first; events they are booked for come first, as upcoming, never as plays that happened.
 */
function Plays({ plays }: { plays: DjPlay[] }) {
  const heading = useId();
  // The time the page was opened: a play that ends while it is open shows as one on the next visit.
  const [now] = useState(() => Date.now());
  const { happened, upcoming } = playsAsOf(plays, now);
  const zones = useStaffZones();
  return (
    <Card as="section" aria-labelledby={heading}>
      <Card.Header as="h2" className="h5" id={heading}>
        Plays ({happened.length})
      </Card.Header>
      {upcoming.length > 0 && (
        <ListGroup variant="flush" aria-label="Upcoming" data-testid="upcoming-plays">
          {upcoming.map((play) => (
            <ListGroup.Item key={play.eventId} action as={Link} to={paths.event(play.eventId)} className="d-flex justify-content-between gap-2">
              <span className="text-break link-primary">
                {play.eventName} <Badge bg="info" text="dark">Upcoming</Badge>
              </span>
              <span className="text-body-secondary text-nowrap">{staffTime(play.startDatetime, zones, 'day')}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {happened.length === 0 ? (
        <Card.Body className="text-body-secondary">No plays recorded yet.</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {happened.map((play) => (
            <ListGroup.Item key={play.eventId} action as={Link} to={paths.event(play.eventId)} className="d-flex justify-content-between gap-2">
              <span className="text-break link-primary">{play.eventName}</span>
              <span className="text-body-secondary text-nowrap">{staffTime(play.startDatetime, zones, 'day')}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

/** Values stored before today's rules (or imported) that the DJ form refuses: shown above as stored, fixed with Edit (decision 033). */
function StoredDjProblems({ dj }: { dj: Dj }) {
  const problems = Object.values(djStoredProblems(dj));
  if (problems.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="stored-problems">
      <div className="fw-semibold">Some stored values need fixing: Edit refuses them until they are.</div>
      <ul className="mb-0">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Alert>
  );
}
