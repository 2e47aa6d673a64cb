import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { WEBHOOK_KINDS, WEBHOOK_LABELS, type WebhookKind } from '@shared/discord-webhooks';
import { type SaveSettingsBody, type SettingsAnswer, settingsSchema } from '@shared/schemas/settings';
import { LoadError } from '@client/components/LoadError';
import { CheckField, SelectField, TextField } from '@client/components/form/fields';
import { FormLeaveGuard } from '@client/components/LeaveGuard';
import { useSaveSettings, useSettings } from '@client/shared/settings';
import { DataSection } from './DataSection';
import { LineupImageCard } from './LineupImageCard';
import { RemindersSection } from './RemindersSection';
import { SettingsSection } from './SettingsSection';
import { type FormValues, settingsFormSchema, toForm } from './settingsForm';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

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
      {settings.data && <SettingsForm initial={settings.data} />}
      {settings.data && <RemindersSection />}
      {settings.data && <DataSection />}
    </div>
  );
}

function SettingsForm({ initial }: { initial: SettingsAnswer }) {
  const origin = initial.discordWebhooks.origin;
  const schema = useMemo(() => settingsFormSchema(origin), [origin]);
  const form = useForm<FormValues, unknown, SaveSettingsBody>({ resolver: zodResolver(schema), defaultValues: toForm(initial) });
  const [webhooks, setWebhooks] = useState(initial.discordWebhooks);
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitted } = form.formState;

  // Home's setup checklist links here with the setting as the fragment (#chatServerUrl).
  const { hash } = useLocation();
  const { setFocus } = form;
  useEffect(() => {
    const field = hash.slice(1);
    if (field in settingsSchema.shape) setFocus(field as keyof FormValues);
  }, [hash, setFocus]);

  // Any edit after a save hides 'Settings saved successfully!' until the next save.
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ name }) => name && setSaved(false) }), [subscribe]);

  const submit = form.handleSubmit(async (settings) => {
    setSaved(false);
    try {
      const stored = await save.mutateAsync(settings);
      form.reset(toForm(stored));
      setWebhooks(stored.discordWebhooks);
      setSaved(true);
    } catch {
      // Shown by the alert below (save.isError).
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit}>
        <SettingsSection title="Signups">
          <TextField<FormValues> name="signupUrl" label="Signup URL" type="url" help="The signup sheet linked from the home page." />
        </SettingsSection>

        <SettingsSection title="New events">
          <TextField<FormValues> name="seriesName" label="Series name" help="The default name of a new event." />
          <TextField<FormValues> name="defaultMessage" label="Default message" as="textarea" rows={4} help="The announcement message a new event starts with." />
          <TextField<FormValues> name="defaultFooter" label="Default footer" as="textarea" rows={3} help="Links added under every announcement of a new event." />
          <Row>
            <Col sm={4}>
              <SelectField<FormValues> name="defaultWeekday" label="Default weekday" numeric options={WEEKDAYS.map((day, index) => ({ value: index + 1, label: day }))} />
            </Col>
            <Col sm={3}>
              <TextField<FormValues> name="defaultTime" label="Default time" type="time" help="Wall-clock start." />
            </Col>
            <Col sm={5}>
              <TextField<FormValues> name="defaultZone" label="Time zone" list="settings-zones" autoComplete="off" help="The zone of the default time." />
              <datalist id="settings-zones">
                {ZONES.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </Col>
          </Row>
        </SettingsSection>

        <SettingsSection title="Community">
          <TextField<FormValues>
            name="announcementRoleIds"
            label="Announcement role IDs"
            inputMode="numeric"
            autoComplete="off"
            help="Discord role IDs mentioned at the top of the Discord announcement, separated by commas."
          />
          <TextField<FormValues> name="schedulingChannelUrl" label="Scheduling channel link" type="url" help="Where hosts verify the lineup with DJs before announcing." />
          <TextField<FormValues> name="contactHostName" label="Contact host name" help="Who people are told to contact when something goes wrong." />
        </SettingsSection>

        <SettingsSection title="Discord webhooks">
          <p className="small text-body-secondary">
            For Post to Discord beside Copy Text. In Discord: channel settings, Integrations, Webhooks, Copy Webhook URL. A webhook
            URL lets anyone post in that channel, so it is never shown again in full.
          </p>
          {WEBHOOK_KINDS.map((kind) => (
            <WebhookField key={kind} kind={kind} status={webhooks[kind]} origin={origin} />
          ))}
        </SettingsSection>

        <SettingsSection title="Helpful Links">
          <TextField<FormValues> name="hostingGuideUrl" label="Hosting guide URL" type="url" help="Shown on the home page. Leave empty to hide." />
          <TextField<FormValues> name="sharedDriveUrl" label="Shared drive URL" type="url" help="The folder with performer stream links and the fallback tracking sheet." />
          <TextField<FormValues> name="chatServerUrl" label="Chat server URL" type="url" help="An invite link to the community Discord server." />
        </SettingsSection>

        <LineupImageCard />

        {saved && <Alert variant="success">Settings saved successfully!</Alert>}
        {save.isError && (
          <Alert variant="danger">
            <div>Failed to save global settings.</div>
            <div className="small">{save.error.message}</div>
          </Alert>
        )}
        {isSubmitted && Object.keys(errors).length > 0 && <Alert variant="warning">Please fix the fields marked in red.</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Form>
      <FormLeaveGuard />
    </FormProvider>
  );
}

const WEBHOOK_USE: Record<WebhookKind, string> = {
  announcements: 'Where the signups-open message and the announcement are posted.',
  scheduling: 'Where the Verify DJs message is posted.',
};

/** A webhook is write-only: the stored one shows masked; typing a URL replaces it, ticking Remove deletes it. */
function WebhookField({ kind, status, origin }: { kind: WebhookKind; status: SettingsAnswer['discordWebhooks'][WebhookKind]; origin: string }) {
  return (
    <div className="mb-3">
      <TextField<FormValues>
        name={`webhooks.${kind}`}
        label={status.configured ? `New ${WEBHOOK_LABELS[kind].toLowerCase()} URL` : `${WEBHOOK_LABELS[kind]} URL`}
        type="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={`${origin}/api/webhooks/…`}
        className="mb-1"
        help={
          <>
            {WEBHOOK_USE[kind]}{' '}
            {status.configured ? (
              <>
                Set: <span className="text-break">{status.masked}</span>. Leave empty to keep it.
              </>
            ) : (
              'Not set.'
            )}
          </>
        }
      />
      {status.configured && <CheckField<FormValues> name={`removeWebhooks.${kind}`} label={`Remove the ${WEBHOOK_LABELS[kind].toLowerCase()}`} className="mb-0" />}
    </div>
  );
}
