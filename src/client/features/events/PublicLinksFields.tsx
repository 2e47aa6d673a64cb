import { Button, Card, Col, Row } from 'react-bootstrap';
import { type PublicLink, PUBLIC_LINK_LIMITS } from '@shared/schemas/events';
import { paths } from '@shared/paths';
import { TextField } from '@client/components/form/fields';
import { DraftFields, useEventDraft } from '@client/shared/draft';

/**
 * Setup's "Public links": where people watch or join (a Twitch channel, the world's page), shown
 * on the event's public page once it is published. Each edit goes into the draft.
 */
export function PublicLinksFields() {
  const { draft, setDraft } = useEventDraft();
  const links = draft.publicLinks;
  const setLinks = (change: (links: PublicLink[]) => PublicLink[]) => setDraft((d) => ({ ...d, publicLinks: change(d.publicLinks) }));
  const full = links.length >= PUBLIC_LINK_LIMITS.links;
  return (
    <Card className="mb-3">
      <Card.Header as="h3" className="h5">
        Public links
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary small">
          Where people watch or join, shown on the event's{' '}
          {draft.published ? (
            <a href={paths.publicLineup(draft.id)} target="_blank" rel="noopener noreferrer">
              public page
            </a>
          ) : (
            'public page once it is published'
          )}
          . Web addresses starting with https:// only.
        </p>
        {links.length === 0 && <p className="mb-2">No public links yet.</p>}
        {links.map((link, index) => (
          <DraftFields
            key={index}
            values={link}
            onChange={(changes) => setLinks((all) => all.map((each, i) => (i === index ? { ...each, ...changes } : each)))}
            problemsAt={`publicLinks.${index}`}
          >
          <Row className="g-2 align-items-start mb-2 public-link-row">
            <Col sm={4}>
              <TextField<PublicLink> name="label" label={`Link ${index + 1} label`} placeholder="Watch on Twitch" maxLength={PUBLIC_LINK_LIMITS.label} className="" />
            </Col>
            <Col sm={6}>
              <TextField<PublicLink> name="url" label={`Link ${index + 1} URL`} type="url" placeholder="https://twitch.tv/…" maxLength={PUBLIC_LINK_LIMITS.url} className="" />
            </Col>
            <Col sm={2} className="d-flex align-items-sm-end pt-sm-4">
              <Button variant="outline-danger" onClick={() => setLinks((all) => all.filter((_, i) => i !== index))} aria-label={`Remove link ${index + 1}`} className="mt-sm-2">
                Remove
              </Button>
            </Col>
          </Row>
          </DraftFields>
        ))}
        <Button variant="outline-primary" size="sm" disabled={full} onClick={() => setLinks((all) => [...all, { label: '', url: '' }])}>
          Add link
        </Button>
        {full && <span className="ms-2 small text-body-secondary">At most {PUBLIC_LINK_LIMITS.links} links.</span>}
      </Card.Body>
    </Card>
  );
}
