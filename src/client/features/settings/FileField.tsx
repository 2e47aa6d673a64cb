import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';

export interface ChosenFile {
  name: string;
  text: string;
}

interface PreviewState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  reset: () => void;
}

/**
 * The file an import card previews: `read` sends it for its preview; `field` is what
 * FileImportField needs; `clear` forgets the file and its preview.
 */
export function useImportFile(preview: PreviewState, read: (file: ChosenFile) => void, writing: boolean) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const clear = () => {
    setFile(null);
    preview.reset();
  };
  const field = {
    busy: preview.isPending || writing,
    reading: preview.isPending && file ? file.name : null,
    problem: preview.isError && file && preview.error ? { fileName: file.name, message: preview.error.message } : null,
    onFile: (chosen: ChosenFile) => {
      setFile(chosen);
      read(chosen);
    },
    onTooLarge: clear,
  };
  return { file, clear, field };
}

/**
 * A file picker for an import: it hands over the chosen file's text (or says at once that the file
 * is too large), shows while the file is being read, and says why the file cannot be imported.
 * Picking the same file again (after fixing it) reads it again.
 */
export function FileImportField({
  label,
  accept,
  maxBytes,
  help,
  busy,
  reading,
  problem,
  onFile,
  onTooLarge,
}: {
  label: string;
  accept: string;
  maxBytes: number;
  help: ReactNode;
  busy: boolean;
  /** The name of the file being read, while it is. */
  reading: string | null;
  /** Why the chosen file cannot be imported. */
  problem: { fileName: string; message: string } | null;
  onFile: (file: ChosenFile) => void;
  /** A file over the limit was picked: what an earlier file showed goes. */
  onTooLarge: () => void;
}) {
  const id = useId();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    input.value = '';
    if (file.size > maxBytes) {
      setTooLarge(`${file.name} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      onTooLarge();
      return;
    }
    setTooLarge(null);
    onFile({ name: file.name, text: await file.text() });
  };
  const shown = tooLarge ? { heading: 'This file cannot be imported.', message: tooLarge } : problem && { heading: `${problem.fileName} cannot be imported.`, message: problem.message };
  return (
    <>
      <Form.Group controlId={id} className="mb-3">
        <Form.Label>{label}</Form.Label>
        <Form.Control type="file" accept={accept} onChange={chosen} disabled={busy} />
        <Form.Text>{help}</Form.Text>
      </Form.Group>
      {reading !== null && (
        <div className="d-flex align-items-center gap-2 text-body-secondary mb-3">
          <Spinner size="sm" animation="border" role="status" /> Reading {reading}…
        </div>
      )}
      {shown && (
        <Alert variant="danger">
          <div className="fw-semibold">{shown.heading}</div>
          <div>{shown.message}</div>
        </Alert>
      )}
    </>
  );
}
