import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** One titled card of Global Settings; `headingId` lets a form inside it be named by its title. */
export function SettingsSection({ title, headingId, children }: { title: string; headingId?: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h5" id={headingId}>
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
