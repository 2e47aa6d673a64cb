import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';

export interface ChosenFile {
  /** The file's name, or the names of the files chosen together. */
  name: string;
  /** Each file chosen, its bytes and its text read as UTF-8. */
  files: Array<{ name: string; text: string; bytes: Uint8Array }>;
}

/** A file's bytes as base64, for the JSON of an API call. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 8192) binary += String.fromCharCode(...bytes.subarray(start, start + 8192));
  return btoa(binary);
}

interface PreviewState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  reset: () => void;
}

/**
 * The file an import card previews: `read` sends it for its preview (or returns why it cannot be
 * imported, without sending it); `field` is what FileImportField needs; `clear` forgets the file
 * and its preview.
 */
export function useImportFile(preview: PreviewState, read: (file: ChosenFile) => string | void, writing: boolean) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const clear = () => {
    setFile(null);
    setRefused(null);
    preview.reset();
  };
  const message = refused ?? (preview.isError && preview.error ? preview.error.message : null);
  const field = {
    busy: preview.isPending || writing,
    reading: preview.isPending && file ? file.name : null,
    problem: file && message ? { fileName: file.name, message } : null,
    onFile: (chosen: ChosenFile) => {
      setFile(chosen);
      preview.reset();
      setRefused(read(chosen) ?? null);
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
  multiple = false,
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
  /** Several files make one import (a Firestore export written one file per collection). */
  multiple?: boolean;
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
    const chosenFiles = [...(input.files ?? [])];
    if (chosenFiles.length === 0) return;
    input.value = '';
    const size = chosenFiles.reduce((sum, file) => sum + file.size, 0);
    const name = chosenFiles.map((file) => file.name).join(', ');
    if (size > maxBytes) {
      setTooLarge(`${name} ${chosenFiles.length > 1 ? 'are' : 'is'} larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      onTooLarge();
      return;
    }
    setTooLarge(null);
    const files = await Promise.all(
      chosenFiles.map(async (file) => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        return { name: file.name, bytes, text: new TextDecoder().decode(bytes) };
      }),
    );
    onFile({ name, files });
  };
  const shown = tooLarge ? { heading: 'This file cannot be imported.', message: tooLarge } : problem && { heading: `${problem.fileName} cannot be imported.`, message: problem.message };
  return (
    <>
      <Form.Group controlId={id} className="mb-3">
        <Form.Label>{label}</Form.Label>
        <Form.Control type="file" accept={accept} multiple={multiple} onChange={chosen} disabled={busy} />
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
