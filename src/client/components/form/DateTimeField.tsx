import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldValues, Path } from 'react-hook-form';
import { useField } from './fields';
import { staffTime, toDateTimeLocalValue, zoneName } from '@shared/time';
import { fromDateTimeLocalValue } from '@shared/wall-clock';
import { browserZone } from '@client/lib/zone';
import { useStaffZones } from '@client/lib/useZone';

/**
 * A date and time in the browser's zone, held by the form as an ISO instant. What is typed is
 * kept as typed; only a complete, valid value reaches the form (spec §5: an unparsable date/time
 * is ignored). An `optional` field is null when cleared.
 */
export function DateTimeField<T extends FieldValues>({ name, label, optional = false, help }: { name: Path<T>; label: string; optional?: boolean; help?: string }) {
  const field = useField(name);
  const id = useId();
  const zones = useStaffZones();
  // What was typed, read back with the series' time beside it where it differs (decision 042).
  const value = typeof field.value === 'string' ? staffTime(field.value, zones, 'dayTime') : '';
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <LocalInput value={field.value as string | null} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(field.problem)} optional={optional} />
      <Form.Control.Feedback type="invalid">{field.problem}</Form.Control.Feedback>
      <Form.Text muted>
        {help ? `${help} ` : ''}
        {value ? `Your local time: ${value}.` : `Your local time (${zoneName(zones.viewer)}).`}
      </Form.Text>
    </Form.Group>
  );
}

interface LocalInputProps {
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur: () => void;
  invalid: boolean;
  optional: boolean;
}

function LocalInput({ value, onChange, onBlur, invalid, optional }: LocalInputProps) {
  const zone = browserZone();
  const local = (iso: string | null) => (iso === null ? '' : toDateTimeLocalValue(iso, zone));
  const [text, setText] = useState(() => local(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Changed from outside (Discard, a live update): show the new value.
    setShown(value);
    setText(local(value));
  }
  return (
    <Form.Control
      type="datetime-local"
      value={text}
      isInvalid={invalid}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        if (optional && e.target.value === '') {
          setShown(null);
          onChange(null);
          return;
        }
        const iso = fromDateTimeLocalValue(e.target.value, zone);
        if (iso) {
          setShown(iso);
          onChange(iso);
        }
      }}
    />
  );
}
