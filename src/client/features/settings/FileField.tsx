import { type ChangeEvent, type ReactNode, useId } from 'react';
import { Form } from 'react-bootstrap';

export interface ChosenFile {
  name: string;
  text: string;
}

/**
 * A file picker that hands over the chosen file's text, or says at once that it is too large.
 * Picking the same file again (after fixing it) reads it again.
 */
export function FileField({
  label,
  accept,
  maxBytes,
  help,
  disabled,
  onFile,
  onTooLarge,
}: {
  label: string;
  accept: string;
  maxBytes: number;
  help: ReactNode;
  disabled?: boolean;
  onFile: (file: ChosenFile) => void;
  onTooLarge: (message: string) => void;
}) {
  const id = useId();
  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    input.value = '';
    if (file.size > maxBytes) onTooLarge(`${file.name} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    else onFile({ name: file.name, text: await file.text() });
  };
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control type="file" accept={accept} onChange={chosen} disabled={disabled} />
      <Form.Text>{help}</Form.Text>
    </Form.Group>
  );
}
