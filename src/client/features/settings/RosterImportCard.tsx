import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { ROSTER_COLUMNS, ROSTER_IMPORT_MAX_CHARS } from '@shared/archive/roster-csv';
import { pluralise } from '@shared/pluralise';
import type { RosterAction, RosterPreviewRow } from '@shared/schemas/archive';
import { FileImportField, useImportFile } from './FileField';
import { useImportRoster, usePreviewRosterImport } from './dataTransfer';
import { SettingsSection } from './SettingsSection';

const ACTIONS: Record<RosterAction, { label: string; bg: string }> = {
  create: { label: 'New', bg: 'success' },
  update: { label: 'Update', bg: 'primary' },
  unchanged: { label: 'Unchanged', bg: 'secondary' },
  refused: { label: 'Refused', bg: 'danger' },
};

/** Rows the preview lists (the counts cover them all). */
const ROWS_SHOWN = 300;

const required = Object.values(ROSTER_COLUMNS).filter((column) => column.required).map((column) => column.label);
const optional = Object.values(ROSTER_COLUMNS).filter((column) => !column.required).map((column) => column.label);

/** Global Settings' "Import DJs from a spreadsheet": a roster from CSV, previewed row by row. */
export function RosterImportCard() {
  const preview = usePreviewRosterImport();
  const run = useImportRoster();
  const { file, field } = useImportFile(
    preview,
    (chosen) => {
      run.reset();
      preview.mutate(chosen.text);
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
        help="Save the sheet as CSV (comma- or semicolon-separated, UTF-8)."
        {...field}
      />
      {data && file && !run.isSuccess && (
        <section aria-label="Roster import preview">
          <p className="mb-2">
            {(['create', 'update', 'unchanged', 'refused'] as const).map((action) => (
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
          <Button onClick={() => run.mutate({ text: file.text, planId: data.planId })} disabled={writes === 0 || run.isPending}>
            {run.isPending ? 'Importing...' : writes === 0 ? 'Nothing to import' : `Import: ${data.counts.create} new, ${data.counts.update} updated`}
          </Button>
          {data.counts.refused > 0 && writes > 0 && <span className="small text-body-secondary ms-2">Refused rows are left out.</span>}
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
      </td>
    </tr>
  );
}
