import { Badge, Card, Form, ListGroup, ProgressBar } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { preflight, type PreflightItem, PREFLIGHT_TABS } from '@shared/preflight';
import { paths } from '@shared/paths';
import { PREFLIGHT_STEPS, type PreflightStep } from '@shared/schemas/events';
import { useEventDraft } from '@client/shared/draft';
import { useSetPreflightStep } from '@client/shared/events';
import { useEventTabLabel } from '@client/shared/eventTabs';
import { Link } from 'react-router';
import { PublishButton, UnpublishButton } from './PublicationButtons';
import { UntestedStreams, withStoredStreamTests } from './UntestedStreams';

const isOptionalStep = (id: PreflightItem['id']): id is PreflightStep => (PREFLIGHT_STEPS as readonly string[]).includes(id);

/**
 * The night's checklist: what must be done before Publish (checked from the lineup as edited)
 * and what should be (ticked off by staff), with how far along it is.
 */
export function PreflightTab() {
  const { stored, draft, djs } = useEventDraft();
  const setStep = useSetPreflightStep(stored.id);
  const names = Object.fromEntries(Object.entries(djs).map(([id, dj]) => [id, dj.djName]));
  // Stream tests are recorded at once, not drafted: the stored event says which are done.
  const event = { ...draft, signups: withStoredStreamTests(draft.signups, stored.signups), preflight: stored.preflight };
  const items = preflight(event, names);
  const done = items.filter((item) => item.done).length;
  const requiredLeft = items.filter((item) => item.required && !item.done).length;

  const tick = (step: PreflightStep, checked: boolean) =>
    setStep.mutate({ step, done: checked }, { onError: (error) => toast.error(`Could not update the checklist: ${error.message}`) });

  return (
    <Card>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0 me-auto">Preflight</h2>
          <span className="text-body-secondary">
            {done} of {items.length} done
          </span>
        </div>
        {/* The label belongs on the bar itself (role progressbar), not on its track. */}
        <ProgressBar className="mb-3">
          <ProgressBar now={(done / items.length) * 100} variant={requiredLeft === 0 ? 'success' : 'warning'} aria-label="Preflight progress" />
        </ProgressBar>
        <ListGroup className="mb-3">
          {items.map((item) => (
            <ListGroup.Item key={item.id} className="d-flex align-items-start gap-2">
              {isOptionalStep(item.id) ? (
                <Form.Check
                  id={`preflight-${item.id}`}
                  checked={item.done}
                  disabled={setStep.isPending}
                  onChange={(e) => tick(item.id as PreflightStep, e.target.checked)}
                  label={item.label}
                  className="me-auto"
                />
              ) : (
                <div className="me-auto">
                  <span aria-hidden="true" className={item.done ? 'text-success' : 'text-danger'}>
                    {item.done ? '✓' : '✗'}
                  </span>{' '}
                  {item.label}
                  {item.id === 'streamsTested' ? (
                    <UntestedStreams event={event} djNames={names} />
                  ) : (
                    item.detail && <div className="small text-body-secondary">{item.detail}</div>
                  )}
                </div>
              )}
              <StepLink eventId={stored.id} item={item} />
              {/* A required step done reads green rather than faded (faded text fails contrast). */}
              <Badge bg={item.required ? (item.done ? 'success' : 'danger') : 'secondary'}>
                {item.required ? 'Required' : 'Optional'}
              </Badge>
              <span className="visually-hidden">{item.done ? 'Done' : 'Not done'}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
        {!stored.cancelled && (stored.published ? <UnpublishButton /> : <PublishButton />)}
        {stored.cancelled && <div className="small text-body-secondary">Restore the event to publish it or change it.</div>}
        {!stored.published && !stored.cancelled && requiredLeft > 0 && (
          <div className="small text-body-secondary mt-2">Required steps are still open: Publish names them and asks before publishing anyway.</div>
        )}
      </Card.Body>
    </Card>
  );
}

/** Where the step is done: its tab of the event page. */
function StepLink({ eventId, item }: { eventId: string; item: PreflightItem }) {
  const tab = PREFLIGHT_TABS[item.id];
  const label = useEventTabLabel(tab);
  return (
    <Link to={paths.event(eventId, tab)} className="small text-nowrap">
      {item.done ? label : `Go to ${label}`}
      <span className="visually-hidden"> for {item.label}</span>
    </Link>
  );
}
