import { Form } from 'react-bootstrap';

/**
 * A switch that changes how a page shows things (compact rows, archived DJs, stream keys), not an
 * answer of a form (that is form/fields.tsx's CheckField): its label, and the state it shows and sets.
 */
export function ViewSwitch({
  id,
  label,
  checked,
  onChange,
  className,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return <Form.Check type="switch" id={id} className={className} label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}
