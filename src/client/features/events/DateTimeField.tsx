import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@shared/time';
import { browserZone } from '@client/lib/zone';

interface Props {
  id: string;
  label: string;
  /** ISO instant. */
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
}

/**
 * A date and time in the browser's zone. What is typed is kept as typed; only a complete, valid
 * value reaches `onChange` (spec §5: an unparsable date/time is ignored).
 */
export function DateTimeField({ id, label, value, onChange, required }: Props) {
  const zone = browserZone();
  const [text, setText] = useState(() => toDateTimeLocalValue(value, zone));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Changed from outside (Discard, a live update): show the new value.
    setShown(value);
    setText(toDateTimeLocalValue(value, zone));
  }
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="datetime-local"
        value={text}
        required={required}
        onChange={(e) => {
          setText(e.target.value);
          const iso = fromDateTimeLocalValue(e.target.value, zone);
          if (iso) {
            setShown(iso);
            onChange(iso);
          }
        }}
      />
      <Form.Text muted>Your local time ({zone}).</Form.Text>
    </Form.Group>
  );
}
