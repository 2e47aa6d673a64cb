import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert, Button, Form } from 'react-bootstrap';
import { useLocation } from 'react-router';
import type { SaveSettingsBody, SettingsAnswer } from '@shared/schemas/settings';
import { useSaveSettings } from '@client/shared/settings';
import { SettingsSection } from './SettingsSection';
import type { SectionValues, SettingsFormSection } from './settingsForm';

/**
 * One section of Global Settings, saved on its own (issue 34): its card, its fields, and the
 * spec's Save ('Saving...' while saving, 'Settings saved successfully!', errors in red) for its
 * settings only. `onUnsaved` tells the page whether it holds edits not saved yet.
 */
export function SettingsSectionForm({ section, answer, onUnsaved }: { section: SettingsFormSection; answer: SettingsAnswer; onUnsaved: (unsaved: boolean) => void }) {
  const schema = useMemo(() => section.schema(answer), [section, answer]);
  const form = useForm<SectionValues, unknown, SaveSettingsBody>({ resolver: zodResolver(schema), defaultValues: section.values(answer) });
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const { errors, isSubmitted, isDirty, isSubmitting } = form.formState;

  const unsaved = isDirty && !isSubmitting;
  useEffect(() => onUnsaved(unsaved), [onUnsaved, unsaved]);

  // Home's setup checklist links here with the setting as the fragment (#chatServerUrl).
  const { hash } = useLocation();
  const { setFocus } = form;
  useEffect(() => {
    const field = hash.slice(1);
    if (field in section.values(answer)) setFocus(field);
    // Only when the address changes, not with each stored answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, setFocus, section]);

  // Any edit after a save hides 'Settings saved successfully!' until the next save.
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ name }) => name && setSaved(false) }), [subscribe]);

  const submit = form.handleSubmit(async (body) => {
    setSaved(false);
    try {
      const stored = await save.mutateAsync(body);
      form.reset(section.values(stored));
      setSaved(true);
    } catch {
      // Shown by the alert below (save.isError).
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit} aria-labelledby={headingId}>
        <SettingsSection title={section.title} headingId={headingId}>
          <section.Fields answer={answer} />
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
            <span className="visually-hidden"> {section.title}</span>
          </Button>
        </SettingsSection>
      </Form>
    </FormProvider>
  );
}
