import { useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { ROSTER_COLUMNS, ROSTER_IMPORT_MAX_CHARS } from '@shared/archive/roster-csv';
import { TEXT_ENCODING_LABELS, type TextEncodingChoice } from '@shared/archive/text-encoding';
import { pluralise } from '@shared/pluralise';
import { ROSTER_ACTIONS, type RosterAction, type RosterPreviewRow } from '@shared/schemas/archive';
import { type ChosenFile, FileImportField, toBase64, useImportFile } from './FileField';
import { useImportRoster, usePreviewRosterImport } from './dataTransfer';
import { SettingsSection } from './SettingsSection';

const ACTIONS: Record<RosterAction, { label: string; bg: string }> = {
  create: { label: 'New', bg: 'success' },
  update: { label: 'Update', bg: 'primary' },
  unchanged: { label: 'Unchanged', bg: 'secondary' },
  repeated: { label: 'Repeated', bg: 'warning' },
  refused: { label: 'Refused', bg: 'danger' },
};

const ENCODING_CHOICES: Record<TextEncodingChoice, string> = {
  auto: 'Find out from the file',
  'utf-8': TEXT_ENCODING_LABELS['utf-8'],
  'windows-1252': TEXT_ENCODING_LABELS['windows-1252'],
};

const fileBody = (chosen: ChosenFile, encoding: TextEncodingChoice) => ({ base64: toBase64(chosen.files[0]!.bytes), encoding });

/** Rows the preview lists (the counts cover them all). */
const ROWS_SHOWN = 300;

const required = Object.values(ROSTER_COLUMNS).filter((column) => column.required).map((column) => column.label);
const optional = Object.values(ROSTER_COLUMNS).filter((column) => !column.required).map((column) => column.label);

/** Global Settings' "Import DJs from a spreadsheet": a roster from CSV, previewed row by row. */
export function RosterImportCard() {
  const preview = usePreviewRosterImport();
  const run = useImportRoster();
  const [encoding, setEncoding] = useState<TextEncodingChoice>('auto');
  const { file, field } = useImportFile(
    preview,
    (chosen) => {
      run.reset();
      preview.mutate(fileBody(chosen, encoding));
    },
    run.isPending,
  );
  const data = preview.data;
  const writes = data ? data.counts.create + data.counts.update : 0;

  return (
    <SettingsSection title="Import DJs from a spreadsheet">
      <p className="small text-body-secondary">
        A CSV file whose first row names the columns {required.join(', ')} and, if you have them, {optional.join(' and ')} (the DJs
        spreadsheet of Export has them all). A DJ whose Discord ID is already on the roster is updated; an empty cell leaves what
        is stored. You see every row before anything is written.
      </p>
      <FileImportField
        label="Roster file (CSV)"
        accept=".csv,text/csv"
        maxBytes={ROSTER_IMPORT_MAX_CHARS}
        help="Save the sheet as CSV (comma- or semicolon-separated; UTF-8, or Excel's Windows-1252). In Excel, format the Discord ID column as Text first, or Excel rounds the IDs."
        {...field}
      />
      <Form.Group controlId="roster-encoding" className="mb-3">
        <Form.Label>Text encoding</Form.Label>
        <Form.Select
          value={encoding}
          disabled={field.busy}
          onChange={(event) => {
            const chosen = event.currentTarget.value as TextEncodingChoice;
            setEncoding(chosen);
            // The same file read again in the encoding chosen.
            if (file) preview.mutate(fileBody(file, chosen));
          }}
        >
          {Object.entries(ENCODING_CHOICES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
        {data && <Form.Text>Read as {TEXT_ENCODING_LABELS[data.encoding.used]}{data.encoding.detected ? ' (found from the file)' : ''}. If names show odd characters (M�lodie, MÃ©lodie), choose another encoding.</Form.Text>}
      </Form.Group>
      {data && file && !run.isSuccess && (
        <section aria-label="Roster import preview">
          <p className="mb-2">
            {ROSTER_ACTIONS.map((action) => (
              <Badge key={action} bg={ACTIONS[action].bg} className="me-2">
                {ACTIONS[action].label}: {data.counts[action]}
              </Badge>
            ))}
          </p>
          {data.ignoredColumns.length > 0 && <p className="small text-body-secondary">Columns left aside: {data.ignoredColumns.join(', ')}.</p>}
          <div className="table-responsive mb-3" style={{ maxHeight: '28rem' }}>
            <Table size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">What happens</th>
                  <th scope="col">Dj Name</th>
                  <th scope="col">Alt Name</th>
                  <th scope="col">Discord ID</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.slice(0, ROWS_SHOWN).map((row) => (
                  <PreviewRow key={row.row} row={row} />
                ))}
              </tbody>
            </Table>
          </div>
          {data.rows.length > ROWS_SHOWN && <p className="small">…and {pluralise(data.rows.length - ROWS_SHOWN, 'more row')}.</p>}
          <Button onClick={() => run.mutate({ ...fileBody(file, encoding), planId: data.planId })} disabled={writes === 0 || run.isPending}>
            {run.isPending ? 'Importing...' : writes === 0 ? 'Nothing to import' : `Import: ${data.counts.create} new, ${data.counts.update} updated`}
          </Button>
          {data.counts.refused + data.counts.repeated > 0 && writes > 0 && <span className="small text-body-secondary ms-2">Refused and repeated rows are left out.</span>}
        </section>
      )}
      {run.isError && <Alert variant="danger" className="mt-3">{run.error.message}</Alert>}
      {run.isSuccess && (
        <Alert variant="success" className="mb-0">
          Roster imported: {pluralise(run.data.counts.create, 'new DJ')}, {pluralise(run.data.counts.update, 'DJ')} updated.
        </Alert>
      )}
    </SettingsSection>
  );
}

function PreviewRow({ row }: { row: RosterPreviewRow }) {
  const action = ACTIONS[row.action];
  return (
    <tr>
      <td>{row.row}</td>
      <td>
        <Badge bg={action.bg}>{action.label}</Badge>
      </td>
      <td>{row.djName}</td>
      <td>{row.publicName}</td>
      <td className="text-nowrap">{row.discordId}</td>
      <td className="small">
        {row.problem ?? row.changes.map((change) => `${change.field}: "${change.from}" → "${change.to}"`).join('; ')}
        {row.warnings.map((warning) => (
          <div key={warning} className="text-warning-emphasis">
            {warning}
          </div>
        ))}
      </td>
    </tr>
  );
}
