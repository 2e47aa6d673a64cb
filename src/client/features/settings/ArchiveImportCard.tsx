import { useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { ARCHIVE_MAX_BYTES, ARCHIVE_TABLES, type ArchiveTableName } from '@shared/archive/schema';
import { pluralise } from '@shared/pluralise';
import { LEVELDB_ADVICE, looksLikeLevelDb } from '@shared/archive/firestore-files';
import type { ArchiveImportBody, ImportSource } from '@shared/schemas/archive';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { type ChosenFile, FileImportField, useImportFile } from './FileField';
import { useImportArchive, usePreviewArchiveImport } from './dataTransfer';
import { SettingsSection } from './SettingsSection';

/** The request for the chosen file(s): an archive is one file, a Firestore export may be several. */
const bodyOf = (source: ImportSource, chosen: ChosenFile): ArchiveImportBody =>
  source === 'lineup' ? { source, text: chosen.files[0]?.text ?? '' } : { source, files: chosen.files.map(({ name, text }) => ({ name, text })) };

const SOURCES: Record<ImportSource, string> = {
  lineup: 'Lineup archive',
  firestore: "Firestore export of the original tool (events, djs, global)",
};

const TABLE_LABELS: Record<ArchiveTableName, string> = {
  events: 'Events',
  djs: 'DJs',
  dj_preferences: "DJs' reminder choices",
  signups: 'Signups',
  signup_djs: 'DJs on signups',
  slots: 'Lineup slots',
  dj_plays: 'Plays',
  settings: 'Settings',
  event_changes: 'History entries',
  discord_posts: 'Discord posts',
};

/** Global Settings' "Import an archive": a new install takes in another install's archive. */
export function ArchiveImportCard() {
  const [source, setSource] = useState<ImportSource>('lineup');
  const preview = usePreviewArchiveImport();
  const run = useImportArchive();
  const { file, clear, field } = useImportFile(
    preview,
    (chosen) => {
      run.reset();
      // A binary file (a gcloud export's LevelDB parts) is named here: the server takes only text.
      const binary = chosen.files.find((candidate) => looksLikeLevelDb(candidate) || candidate.text.includes('\u0000'));
      if (binary) return looksLikeLevelDb(binary) ? `${binary.name} ${LEVELDB_ADVICE}` : `${binary.name} is not a text file, so it is not an archive or a JSON export.`;
      preview.mutate(bodyOf(source, chosen));
    },
    run.isPending,
  );
  const plan = preview.data?.plan;
  const skipped = preview.data?.skipped ?? [];
  const zones = useStaffZones();

  return (
    <SettingsSection title="Import an archive">
      <p className="small text-body-secondary">
        Moves a community into this install: only into a new install, before any event is made here. Nothing is written until
        you have seen what the file holds and pressed Import. People who already signed in here stay signed in: the archive's DJ
        with their Discord ID takes their place.
      </p>
      <Form.Group controlId="import-source" className="mb-3">
        <Form.Label>What the file is</Form.Label>
        <Form.Select
          value={source}
          onChange={(event) => {
            // A file read as the other kind is read again once chosen.
            setSource(event.currentTarget.value as ImportSource);
            clear();
          }}
          disabled={field.busy}
        >
          {Object.entries(SOURCES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <FileImportField
        label={source === 'firestore' ? 'Export files' : 'Archive file'}
        accept=".json,application/json"
        maxBytes={ARCHIVE_MAX_BYTES}
        multiple={source === 'firestore'}
        help={
          source === 'firestore'
            ? 'The .json file of node-firestore-import-export or firestore-export-import, or the files Firefoo writes one per collection (choose them together).'
            : 'A .json file from Export on another install (or from npm run export).'
        }
        {...field}
      />
      {plan && file && !run.isSuccess && (
        <section aria-label="Import preview">
          <h3 className="h6">
            {file.name}
            {source === 'lineup' && <span className="fw-normal text-body-secondary"> · exported {staffTime(plan.exportedAt, zones)}</span>}
          </h3>
          <Table size="sm" className="w-auto">
            <tbody>
              {ARCHIVE_TABLES.map((table) => (
                <tr key={table}>
                  <th scope="row" className="fw-normal">
                    {TABLE_LABELS[table]}
                  </th>
                  <td className="text-end">{plan.counts[table]}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ul className="small">
            {plan.takenOver.map(({ existingName, archiveName }) => (
              <li key={existingName}>
                {existingName} (signed in here) becomes the archive's {archiveName}.
              </li>
            ))}
            {plan.keptDjs.length > 0 && <li>{pluralise(plan.keptDjs.length, 'DJ')} already here and not in the file stay: {plan.keptDjs.join(', ')}.</li>}
            {plan.replacesSettings && <li>The Global Settings above are replaced by the file's (Discord webhooks stay as they are).</li>}
            <li>DJs copy a new calendar link from their signup page: links are never in an archive.</li>
          </ul>
          {skipped.length > 0 && (
            <details className="mb-3">
              <summary>{pluralise(skipped.length, 'thing', 'things')} in the file left out or changed: read them before you import</summary>
              <ul className="small mt-2">
                {skipped.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          )}
          {plan.refusal ? (
            <Alert variant="warning">{plan.refusal}</Alert>
          ) : (
            <Button onClick={() => run.mutate(bodyOf(source, file))} disabled={run.isPending}>
              {run.isPending ? 'Importing...' : `Import ${pluralise(plan.counts.events, 'event')} and ${pluralise(plan.counts.djs, 'DJ')}`}
            </Button>
          )}
        </section>
      )}
      {run.isError && <Alert variant="danger" className="mt-3">{run.error.message}</Alert>}
      {run.isSuccess && (
        <Alert variant="success" className="mb-0">
          Imported {pluralise(run.data.counts.events, 'event')}, {pluralise(run.data.counts.djs, 'DJ')} and {pluralise(run.data.counts.signups, 'signup')}.
        </Alert>
      )}
    </SettingsSection>
  );
}
