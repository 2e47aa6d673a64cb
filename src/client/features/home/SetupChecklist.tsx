import { useState } from 'react';
import { Button, Card, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import type { SetupReason } from '@shared/setup-checklist';
import { useSetupChecklist } from '@client/shared/settings';

const DISMISSED_KEY = 'lineup.setupChecklist.dismissed';

const REASONS: Record<SetupReason, string> = {
  placeholder: 'still an example value',
  unset: 'not set yet',
  unconfirmed: 'the shipped default: save its section to keep it',
};

function storedDismissal(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Set up your community": the Global Settings a fresh install still has to set, each linking to
 * its field. Gone once everything is set, or for good in this browser once dismissed. Nothing
 * shows while it loads or if it cannot be loaded: the rest of Home does not depend on it.
 */
export function SetupChecklist() {
  const checklist = useSetupChecklist();
  const [dismissed, setDismissed] = useState(storedDismissal);
  const items = checklist.data?.items ?? [];
  if (dismissed || items.length === 0) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private browsing without storage: dismissed for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card as="section" className="mb-4 border-primary" aria-labelledby="setup-checklist-title" data-testid="setup-checklist">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id="setup-checklist-title" className="h5 mb-0 me-auto">
          Set up your community
        </h2>
        <Button variant="outline-secondary" size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      </Card.Header>
      <Card.Body>
        <Card.Text className="small text-body-secondary">
          These Global Settings are still empty or at the values Lineup ships with. Set them so links and announcements point at your
          community.
        </Card.Text>
        <ListGroup>
          {items.map((item) => (
            <ListGroup.Item key={item.field} action as={Link} to={`${paths.globalSettings()}#${item.field}`}>
              <span className="fw-semibold">{item.label}</span> <span className="small text-body-secondary">— {REASONS[item.reason]}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Card.Body>
    </Card>
  );
}
