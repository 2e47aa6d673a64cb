import { CSV_VIEW_LABELS, CSV_VIEWS } from '@shared/archive/views';
import { archiveDownloadUrl, csvDownloadUrl } from './dataTransfer';
import { SettingsSection } from './SettingsSection';

/** Global Settings' "Export": the archive and the spreadsheet views, as files to download. */
export function ExportCard() {
  return (
    <SettingsSection title="Export">
      <p className="small text-body-secondary">
        Everything the app holds, to keep as a backup or to move to another install: every event with its signups, lineup and
        history, every DJ and their plays, and the settings. Webhook URLs, sign-ins and DJs' calendar links are never included.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <a className="btn btn-primary" href={archiveDownloadUrl()} download>
          Download archive (JSON)
        </a>
      </div>
      <p className="small text-body-secondary mb-2">The spreadsheets, in the series' time zone:</p>
      <div className="d-flex flex-wrap gap-2">
        {CSV_VIEWS.map((view) => (
          <a key={view} className="btn btn-outline-secondary" href={csvDownloadUrl(view)} download>
            {CSV_VIEW_LABELS[view]} (CSV)
          </a>
        ))}
      </div>
    </SettingsSection>
  );
}
