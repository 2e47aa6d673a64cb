import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { REMINDER_LIMITS, type ReminderSettings, type ReminderSettingsAnswer, reminderSettingsSchema } from '@shared/schemas/dj-posts';
import { CheckField, OptionalNumberField } from '@client/components/form/fields';
import { useReminderSettings, useSaveReminderSettings } from '@client/shared/djPosts';
import { SettingsSection } from './SettingsSection';

/** The section's place on the page: an event's list of posts links here. */
const ANCHOR = 'reminders';

/**
 * Global Settings → Reminders (issue 35): what Lineup posts to DJs on its own and when, saved on
 * its own (a settings document of its own), so it never writes over the rest of the page. No leave
 * guard of its own: a router keeps one blocker at a time, and the page's form has it.
 */
export function RemindersSection() {
  const settings = useReminderSettings();
  return (
    <section id={ANCHOR} aria-label="Reminders">
      <SettingsSection title="Reminders">
        {settings.isPending && (
          <div className="d-flex align-items-center gap-2 text-body-secondary">
            <Spinner size="sm" animation="border" role="status" /> Loading…
          </div>
        )}
        {settings.isError && <Alert variant="danger">The reminder settings could not be loaded: {settings.error.message}</Alert>}
        {settings.data && <RemindersForm initial={settings.data} />}
      </SettingsSection>
    </section>
  );
}

const toForm = ({ schedulingWebhookSet: _set, ...settings }: ReminderSettingsAnswer): ReminderSettings => settings;

/** Each kind of reminder: on or off, and how long before. */
const KINDS = [
  { toggle: 'slotReminder', label: 'Remind each lineup DJ before their slot', amount: 'slotReminderMinutes', amountLabel: 'Minutes before the slot', limits: REMINDER_LIMITS.slotReminderMinutes },
  { toggle: 'confirmReminder', label: 'Remind DJs who have not confirmed their slot', amount: 'confirmReminderHours', amountLabel: 'Hours before the event', limits: REMINDER_LIMITS.confirmReminderHours },
] as const;

function RemindersForm({ initial }: { initial: ReminderSettingsAnswer }) {
  const form = useForm<ReminderSettings>({ resolver: zodResolver(reminderSettingsSchema), defaultValues: toForm(initial) });
  const save = useSaveReminderSettings();
  const [saved, setSaved] = useState(false);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ name }) => name && setSaved(false) }), [subscribe]);

  // The event page's list of posts links to #reminders.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${ANCHOR}`) document.getElementById(ANCHOR)?.scrollIntoView();
  }, [hash]);

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
          Lineup posts these in the scheduling channel on its own, each mentioning only the DJ it is for. DJs can turn them off for
          themselves on their Home.
        </p>
        {!initial.schedulingWebhookSet && (
          <Alert variant="warning" className="small">
            No scheduling webhook is set above: until one is, reminders are skipped.
          </Alert>
        )}
        {KINDS.map(({ toggle, label, amount, amountLabel, limits }) => (
          <Row key={toggle}>
            <Col sm={7}>
              <CheckField<ReminderSettings> name={toggle} type="switch" label={label} />
            </Col>
            <Col sm={5}>
              <OptionalNumberField<ReminderSettings> name={amount} label={amountLabel} min={limits.min} max={limits.max} />
            </Col>
          </Row>
        ))}
        <OptionalNumberField<ReminderSettings>
          name="lateLimitMinutes"
          label="Send a missed post up to this many minutes late"
          min={REMINDER_LIMITS.lateLimitMinutes.min}
          max={REMINDER_LIMITS.lateLimitMinutes.max}
          help="If Lineup was not running when a post was due, it is sent when Lineup is back within this time; after it, it is skipped (the event's list says so, with a Retry)."
        />
        {saved && <Alert variant="success">Reminder settings saved. Every upcoming event's reminders follow them.</Alert>}
        {save.isError && (
          <Alert variant="danger">
            <div>Failed to save the reminder settings.</div>
            <div className="small">{save.error.message}</div>
          </Alert>
        )}
        <Button type="submit" variant="outline-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save reminders'}
        </Button>
      </Form>
    </FormProvider>
  );
}
