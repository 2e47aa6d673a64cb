import { useCallback, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { SettingsAnswer } from '@shared/schemas/settings';
import { useLeaveGuard } from '@client/components/LeaveGuard';
import { useSettings } from '@client/shared/settings';
import { DataSection } from './DataSection';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSectionForm } from './SettingsSectionForm';
import { LoadError } from '@client/components/LoadError';
import { RemindersSection } from './RemindersSection';
import { StreamChecksSection } from './StreamChecksSection';

export function GlobalSettingsPage() {
  const settings = useSettings();
  return (
    <div className="lu-measure-lg">
      <h1 className="h3 mb-3">Global Settings</h1>
      {settings.isPending && (
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <Spinner size="sm" animation="border" role="status" /> Loading settings…
        </div>
      )}
      {settings.isError && <LoadError title="Failed to load global settings." error={settings.error} onRetry={settings.refetch} heading="h2" />}
      {settings.data && <Sections answer={settings.data} />}
      {settings.data && <RemindersSection />}
      {settings.data && <StreamChecksSection />}
      {settings.data && <DataSection />}
    </div>
  );
}

/** Each section a form of its own, saved on its own; leaving with any of them edited and not saved asks first. */
function Sections({ answer }: { answer: SettingsAnswer }) {
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const tell = useCallback(
    (title: string) => (edited: boolean) =>
      setUnsaved((titles) => (titles.has(title) === edited ? titles : edited ? new Set([...titles, title]) : new Set([...titles].filter((t) => t !== title)))),
    [],
  );
  const [onUnsaved] = useState(() => new Map(SETTINGS_SECTIONS.map((section) => [section.title, tell(section.title)])));
  const guard = useLeaveGuard(unsaved.size > 0, { message: `You have unsaved changes in ${[...unsaved].join(', ')}. Leaving this page discards them.` });
  return (
    <>
      {SETTINGS_SECTIONS.map((section) => (
        <SettingsSectionForm key={section.title} section={section} answer={answer} onUnsaved={onUnsaved.get(section.title)!} />
      ))}
      {guard}
    </>
  );
}
