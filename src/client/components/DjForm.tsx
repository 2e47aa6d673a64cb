import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { DJ_LIMITS, type DjInput, djInputSchema, type DjValues, EMPTY_DJ_INPUT } from '@shared/schemas/djs';
import { maskStreamLink } from '@shared/stream-display';
import { normaliseStreamLink, twitchUsernameOf } from '@shared/streams';
import { TextField } from './form/fields';
import { FormLeaveGuard } from './LeaveGuard';
import { StreamLinkNotes } from './StreamLink';

export interface DjFormProps {
  /** Values to start from; remount (change `key`) to start over. */
  initial?: DjInput;
  /**
   * Called with trimmed, valid values; problems are shown next to their fields instead. The
   * form counts as submitting until the promise it returns settles (it must not reject).
   */
  onSubmit: (values: DjValues) => void | Promise<unknown>;
  /** Ask before leaving the page with unsaved edits (a page's own form; not in a modal of a guarded page). */
  guardLeave?: boolean;
  disabled?: boolean;
  /** Lets buttons outside the form (a modal footer) submit it with `form={id}`. */
  id?: string;
  /** Buttons, rendered at the end of the form. */
  children?: ReactNode;
}

/** The DJ form of Create Dj, Dj Details (edit) and Onboard New Dj, checked by the server's schema. */
export function DjForm({ initial = EMPTY_DJ_INPUT, onSubmit, disabled, id, guardLeave = false, children }: DjFormProps) {
  const form = useForm<DjInput, unknown, DjValues>({ resolver: zodResolver(djInputSchema), defaultValues: initial, disabled });
  const submit = (event: FormEvent) => {
    // A form inside another form's modal must not submit the outer one.
    event.stopPropagation();
    return form.handleSubmit(onSubmit)(event);
  };
  return (
    <FormProvider {...form}>
      <Form id={id} noValidate onSubmit={submit}>
        <TextField<DjInput>
          name="discordId"
          label="Discord ID"
          // No maxLength: it would silently cut a pasted ID; the schema explains instead.
          inputMode="numeric"
          autoComplete="off"
          help={
            <>
              The person's Discord user ID (at least {DJ_LIMITS.discordIdMinDigits} digits).{' '}
              <Link to={paths.discordIdInfo()} target="_blank" rel="noopener">
                How do I find a Discord ID?
              </Link>
            </>
          }
        />
        <TextField<DjInput>
          name="publicName"
          label="Public name"
          maxLength={DJ_LIMITS.name}
          help="The name the person goes by in the community (shown as Alt Name in the roster)."
        />
        <TextField<DjInput> name="djName" label="Dj Name" maxLength={DJ_LIMITS.name} help="The name shown in lineups and announcements." />
        <TextField<DjInput>
          name="rtmpUrl"
          label="VRCDN/RTMP stream URL"
          maxLength={DJ_LIMITS.url}
          type="url"
          placeholder="rtspt://stream.vrcdn.live/live/… or vrcdn:…"
          normalise={normaliseStreamLink}
          mask={maskStreamLink}
          help="Optional. The link the DJ's stream is watched at: VRCDN in any form, Twitch, YouTube live, or an rtmp, rtsp, srt or https address."
        />
        <WatchedStreamLinkNotes />
        {/* No tight maxLength: a pasted channel link or '@name' becomes the bare name on leaving the field. */}
        <TextField<DjInput>
          name="twitchUsername"
          label="Twitch username"
          maxLength={DJ_LIMITS.url}
          autoComplete="off"
          normalise={(value) => twitchUsernameOf(value) ?? value}
          help="Optional. A pasted channel link works too."
        />
        {children}
      </Form>
      {guardLeave && <FormLeaveGuard />}
    </FormProvider>
  );
}

/** What the stream URL was recognised as, and a warning when it carries a stream key. */
function WatchedStreamLinkNotes() {
  return <StreamLinkNotes link={String(useWatch<DjInput>({ name: 'rtmpUrl' }) ?? '')} />;
}
