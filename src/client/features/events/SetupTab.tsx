import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Card, Form } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { signupSheetMessage } from '@shared/announcements';
import { signupLink } from '@shared/paths';
import { eventFieldsSchema, type EventFormInput, type EventFormValues } from '@shared/schemas/events';
import { pickFields } from '@shared/schemas/fields';
import { CopyButton } from '@client/components/CopyButton';
import { DiscordPostButton } from '@client/components/DiscordPost';
import { useEventDraft } from '@client/shared/draft';
import { EventFormFields } from './EventFormFields';
import { PublicLinksFields } from './PublicLinksFields';

/** The event form's fields of an event, as the schema lists them. */
const formValues = (event: EventFormInput): EventFormValues => ({
  ...pickFields(eventFieldsSchema.keyof().options, event),
  signupsCloseAt: event.signupsCloseAt ?? null,
  signupCap: event.signupCap ?? null,
  publicLinks: event.publicLinks ?? [],
});

/** The form's values are plain data (text, numbers, null, a list of links) in the schema's order. */
const sameValues = (a: EventFormValues, b: EventFormValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Setup: the event form over the draft (every edit goes straight into the draft, which the
 * Save bar persists), and the Signup Sheet card while signups are open (never for a cancelled event: DJs cannot sign up).
 */
export function SetupTab() {
  const { draft, setDraft } = useEventDraft();
  const values = useMemo(() => formValues(draft), [draft]);
  const form = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFieldsSchema),
    defaultValues: values,
    mode: 'onChange',
  });
  const { subscribe, trigger, reset, getValues } = form;
  // The draft is the source of truth: the form follows it when it changed from outside (Discard, a
  // save's answer, live updates) and keeps showing problems. A draft that only took the form's own
  // edit is not put back into the form (a reset re-creates the public links' rows).
  useEffect(() => {
    if (!sameValues(formValues({ ...values, ...getValues() }), values)) reset(values, { keepErrors: true });
  }, [values, getValues, reset]);
  // An edit (a change to a named field, not the form following the draft) goes into the draft;
  // values the draft already holds are no edit.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values: edited, name }) => {
          if (!name) return;
          setDraft((d) => {
            const next = formValues({ ...d, ...edited });
            return sameValues(next, formValues(d)) ? d : { ...d, ...next };
          });
        },
      }),
    [subscribe, setDraft],
  );
  // A draft changed from outside may fix or break a field: check it again.
  useEffect(() => void trigger(), [values, trigger]);
  return (
    <>
      <h2 className="h4 mb-3">Init Event</h2>
      <FormProvider {...form}>
        <Form noValidate onSubmit={(e) => e.preventDefault()}>
          <EventFormFields />
          <PublicLinksFields />
        </Form>
      </FormProvider>
      {draft.signupsAreOpen && !draft.cancelled && (
        <Card className="mb-3">
          <Card.Header as="h3" className="h5">
            Signup Sheet
          </Card.Header>
          <Card.Body>
            <SignupSheetMessage />
          </Card.Body>
        </Card>
      )}
    </>
  );
}

function SignupSheetMessage() {
  const { draft } = useEventDraft();
  const message = signupSheetMessage(draft, signupLink(window.location.origin, draft.id));
  return (
    <Form.Group controlId="signup-sheet-message">
      <Form.Label>Post this message to open signups:</Form.Label>
      <Form.Control as="textarea" rows={5} readOnly value={message} className="mb-2" />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <CopyButton text={message} />
        <DiscordPostButton eventId={draft.id} kind="signups-open" text={message} />
      </div>
    </Form.Group>
  );
}
