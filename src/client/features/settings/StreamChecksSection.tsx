import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { STREAM_CHECK_LIMITS, type StreamCheckSettings, type StreamCheckSettingsAnswer, streamCheckSettingsSchema } from '@shared/schemas/stream-checks';
import { OptionalNumberField } from '@client/components/form/fields';
import { useSaveStreamCheckSettings, useStreamCheckSettings } from '@client/shared/streamChecks';
import { OwnSettingsForm, OwnSettingsSection, type OwnSettingsTexts } from './OwnSettingsSection';

/**
 * Global Settings → Stream checks (issue 35, decision 045): by when each slot's stream should be
 * tested, saved on its own (a settings document of its own, as the Reminders are).
 */
export function StreamChecksSection() {
  return (
    <OwnSettingsSection id="stream-checks" title="Stream checks" settings={useStreamCheckSettings()} loadFailed="The stream check settings could not be loaded">
      {(loaded) => <StreamChecksForm initial={loaded} />}
    </OwnSettingsSection>
  );
}

const toForm = ({ now: _now, ...settings }: StreamCheckSettingsAnswer): StreamCheckSettings => settings;

const TEXTS: OwnSettingsTexts = {
  saved: "Stream check settings saved. Every event's deadline follows them.",
  failed: 'Failed to save the stream check settings.',
  button: 'Save stream checks',
};

function StreamChecksForm({ initial }: { initial: StreamCheckSettingsAnswer }) {
  const form = useForm<StreamCheckSettings>({ resolver: zodResolver(streamCheckSettingsSchema), defaultValues: toForm(initial) });
  const save = useSaveStreamCheckSettings();

  return (
    <OwnSettingsForm form={form} save={save} toForm={toForm} texts={TEXTS}>
      <p className="small text-body-secondary">
        Each lineup DJ presses Stream tested on their signup page, or staff tick it in Stream Details. The Preflight lists the slots
        still untested; after the deadline the Lineup tab flags them, with Swap in standby.
      </p>
      <OptionalNumberField<StreamCheckSettings>
        name="hoursBefore"
        label="Streams tested by, in hours before the event"
        min={STREAM_CHECK_LIMITS.hoursBefore.min}
        max={STREAM_CHECK_LIMITS.hoursBefore.max}
        help="0 means by the event's start."
      />
    </OwnSettingsForm>
  );
}
