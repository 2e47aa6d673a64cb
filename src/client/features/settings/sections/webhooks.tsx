import { WEBHOOK_KINDS, WEBHOOK_LABELS, type WebhookKind } from '@shared/discord-webhooks';
import type { SettingsAnswer } from '@shared/schemas/settings';
import { CheckField, TextField } from '@client/components/form/fields';
import { NO_WEBHOOK_CHANGES, type SettingsFormSection, webhooksFormSchema } from '../settingsForm';

const WEBHOOK_USE: Record<WebhookKind, string> = {
  announcements: 'Where the signups-open message and the announcement are posted.',
  scheduling: 'Where the Verify DJs message is posted.',
};

/** Discord webhooks: write-only secrets, each replaced by typing a URL or deleted by ticking Remove. */
export const webhooksSection: SettingsFormSection = {
  title: 'Discord webhooks',
  schema: (answer) => webhooksFormSchema(answer.discordWebhooks.origin),
  values: () => NO_WEBHOOK_CHANGES,
  Fields: ({ answer }) => (
    <>
      <p className="small text-body-secondary">
        For Post to Discord beside Copy Text. In Discord: channel settings, Integrations, Webhooks, Copy Webhook URL. A webhook URL
        lets anyone post in that channel, so it is never shown again in full.
      </p>
      {WEBHOOK_KINDS.map((kind) => (
        <WebhookField key={kind} kind={kind} status={answer.discordWebhooks[kind]} origin={answer.discordWebhooks.origin} />
      ))}
    </>
  ),
};

/** A webhook is write-only: the stored one shows masked; typing a URL replaces it, ticking Remove deletes it. */
function WebhookField({ kind, status, origin }: { kind: WebhookKind; status: SettingsAnswer['discordWebhooks'][WebhookKind]; origin: string }) {
  return (
    <div className="mb-3">
      <TextField
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
      {status.configured && <CheckField name={`removeWebhooks.${kind}`} label={`Remove the ${WEBHOOK_LABELS[kind].toLowerCase()}`} className="mb-0" />}
    </div>
  );
}
