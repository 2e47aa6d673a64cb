import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { STREAM_CHECK_LIMITS, type StreamCheckSettings, type StreamCheckSettingsAnswer, streamCheckSettingsSchema } from '@shared/schemas/stream-checks';
import { OptionalNumberField } from '@client/components/form/fields';
import { useSaveStreamCheckSettings, useStreamCheckSettings } from '@client/shared/streamChecks';
import { SettingsSection } from './SettingsSection';

/**
 * Global Settings → Stream checks (issue 35, decision 045): by when each slot's stream should be
 * tested, saved on its own (a settings document of its own, as the Reminders are).
 */
export function StreamChecksSection() {
  const settings = useStreamCheckSettings();
  return (
    <section id="stream-checks" aria-label="Stream checks">
      <SettingsSection title="Stream checks">
        {settings.isPending && (
          <div className="d-flex align-items-center gap-2 text-body-secondary">
            <Spinner size="sm" animation="border" role="status" /> Loading…
          </div>
        )}
        {settings.isError && <Alert variant="danger">The stream check settings could not be loaded: {settings.error.message}</Alert>}
        {settings.data && <StreamChecksForm initial={settings.data} />}
      </SettingsSection>
    </section>
  );
}

const toForm = ({ now: _now, ...settings }: StreamCheckSettingsAnswer): StreamCheckSettings => settings;

function StreamChecksForm({ initial }: { initial: StreamCheckSettingsAnswer }) {
  const form = useForm<StreamCheckSettings>({ resolver: zodResolver(streamCheckSettingsSchema), defaultValues: toForm(initial) });
  const save = useSaveStreamCheckSettings();
  const [saved, setSaved] = useState(false);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ name }) => name && setSaved(false) }), [subscribe]);

  const submit = form.handleSubmit(async (settings) => {
    setSaved(false);
    try {
      form.reset(toForm(await save.mutateAsync(settings)));
      setSaved(true);
    } catch {
      // Shown by the alert below (save.isError).
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit}>
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
        {saved && <Alert variant="success">Stream check settings saved. Every event's deadline follows them.</Alert>}
        {save.isError && (
          <Alert variant="danger">
            <div>Failed to save the stream check settings.</div>
            <div className="small">{save.error.message}</div>
          </Alert>
        )}
        <Button type="submit" variant="outline-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save stream checks'}
        </Button>
      </Form>
    </FormProvider>
  );
}
