import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** One titled card of the Global Settings form. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
