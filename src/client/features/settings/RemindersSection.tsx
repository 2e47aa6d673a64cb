import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { REMINDER_LIMITS, type ReminderSettings, type ReminderSettingsAnswer, reminderSettingsSchema } from '@shared/schemas/dj-posts';
import { CheckField, OptionalNumberField } from '@client/components/form/fields';
import { useReminderSettings, useSaveReminderSettings } from '@client/shared/djPosts';
import { OwnSettingsForm, OwnSettingsSection, type OwnSettingsTexts } from './OwnSettingsSection';

/** The section's place on the page: an event's list of posts links here. */
const ANCHOR = 'reminders';

/**
 * Global Settings → Reminders (issue 35): what Lineup posts to DJs on its own and when, saved on
 * its own (a settings document of its own), so it never writes over the rest of the page. No leave
 * guard of its own: a router keeps one blocker at a time, and the page's form has it.
 */
export function RemindersSection() {
  return (
    <OwnSettingsSection id={ANCHOR} title="Reminders" settings={useReminderSettings()} loadFailed="The reminder settings could not be loaded">
      {(loaded) => <RemindersForm initial={loaded} />}
    </OwnSettingsSection>
  );
}

const toForm = ({ schedulingWebhookSet: _set, ...settings }: ReminderSettingsAnswer): ReminderSettings => settings;

/** Each kind of reminder: on or off, and how long before. */
const KINDS = [
  { toggle: 'slotReminder', label: 'Remind each lineup DJ before their slot', amount: 'slotReminderMinutes', amountLabel: 'Minutes before the slot', limits: REMINDER_LIMITS.slotReminderMinutes },
  { toggle: 'confirmReminder', label: 'Remind DJs who have not confirmed their slot', amount: 'confirmReminderHours', amountLabel: 'Hours before the event', limits: REMINDER_LIMITS.confirmReminderHours },
] as const;

const TEXTS: OwnSettingsTexts = {
  saved: "Reminder settings saved. Every upcoming event's reminders follow them.",
  failed: 'Failed to save the reminder settings.',
  button: 'Save reminders',
};

function RemindersForm({ initial }: { initial: ReminderSettingsAnswer }) {
  const form = useForm<ReminderSettings>({ resolver: zodResolver(reminderSettingsSchema), defaultValues: toForm(initial) });
  const save = useSaveReminderSettings();

  // The event page's list of posts links to #reminders.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${ANCHOR}`) document.getElementById(ANCHOR)?.scrollIntoView();
  }, [hash]);

  return (
    <OwnSettingsForm form={form} save={save} toForm={toForm} texts={TEXTS}>
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
    </OwnSettingsForm>
  );
}
