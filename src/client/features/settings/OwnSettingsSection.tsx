import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { SettingsSection } from './SettingsSection';

// A Global Settings section saved on its own, from a settings document of its own (Reminders,
// Stream checks): it never writes over the rest of the page, which keeps the page's leave guard.

/** The section's card, its loading and load-failure states, then its form made from the loaded settings. */
export function OwnSettingsSection<Answer>({
  id,
  title,
  settings,
  loadFailed,
  children,
}: {
  id: string;
  title: string;
  settings: UseQueryResult<Answer>;
  /** What could not be loaded, e.g. "The reminder settings could not be loaded". */
  loadFailed: string;
  children: (loaded: Answer) => ReactNode;
}) {
  return (
    <section id={id} aria-label={title}>
      <SettingsSection title={title}>
        {settings.isPending && (
          <div className="d-flex align-items-center gap-2 text-body-secondary">
            <Spinner size="sm" animation="border" role="status" /> Loading…
          </div>
        )}
        {settings.isError && (
          <Alert variant="danger">
            {loadFailed}: {settings.error.message}
          </Alert>
        )}
        {settings.data !== undefined && children(settings.data)}
      </SettingsSection>
    </section>
  );
}

/** What the section's footer says: once saved, when the save failed, and its Save button. */
export interface OwnSettingsTexts {
  saved: string;
  failed: string;
  button: string;
}

/**
 * The section's form: its fields, then the saved message, the failure with its reason and the
 * section's own Save button. The server's answer becomes the form's new starting point.
 */
export function OwnSettingsForm<Values extends FieldValues, Answer>({
  form,
  save,
  toForm,
  texts,
  children,
}: {
  form: UseFormReturn<Values>;
  save: UseMutationResult<Answer, Error, Values>;
  toForm: (answer: Answer) => Values;
  texts: OwnSettingsTexts;
  children: ReactNode;
}) {
  const { submit, saved } = useOwnSettingsSave(form, save, toForm);
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit}>
        {children}
        <OwnSettingsFooter saved={saved} save={save} texts={texts} />
      </Form>
    </FormProvider>
  );
}

/**
 * The form's save: the server's answer becomes the form's new starting point, and "saved" shows
 * until the next edit. A failure is shown by the footer (the mutation's error).
 */
function useOwnSettingsSave<Values extends FieldValues, Answer>(
  form: UseFormReturn<Values>,
  save: UseMutationResult<Answer, Error, Values>,
  toForm: (answer: Answer) => Values,
) {
  const [saved, setSaved] = useState(false);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ name }) => name && setSaved(false) }), [subscribe]);
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      form.reset(toForm(await save.mutateAsync(values)));
      setSaved(true);
    } catch {
      // Shown by OwnSettingsFooter (save.isError).
    }
  });
  return { submit, saved };
}

/** The saved message, the failure with its reason, and the section's own Save button. */
function OwnSettingsFooter({
  saved,
  save,
  texts,
}: {
  saved: boolean;
  save: Pick<UseMutationResult<unknown, Error, never>, 'isError' | 'isPending' | 'error'>;
  texts: OwnSettingsTexts;
}) {
  return (
    <>
      {saved && <Alert variant="success">{texts.saved}</Alert>}
      {save.isError && (
        <Alert variant="danger">
          <div>{texts.failed}</div>
          <div className="small">{save.error?.message}</div>
        </Alert>
      )}
      <Button type="submit" variant="outline-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : texts.button}
      </Button>
    </>
  );
}
