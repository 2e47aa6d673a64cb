import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Form, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { type CreateEventBody, createEventSchema, type EventFormValues } from '@shared/schemas/events';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/settings';
import { scheduleOf } from '@shared/series';
import { comingSundayAt } from '@shared/wall-clock';
import { FormLeaveGuard } from '@client/components/LeaveGuard';
import { useSettings } from '@client/shared/settings';
import { useCreateEvent } from '@client/shared/events';
import { EventFormFields } from './EventFormFields';
import { useSameDayConfirm } from './useSameDayConfirm';
import { LoadError } from '@client/components/LoadError';

/** Spec §3 "Default new event", with the community's values from the global settings. */
function defaultsFrom(settings: Settings): EventFormValues {
  return {
    name: settings.seriesName,
    startDatetime: comingSundayAt(new Date(), scheduleOf(settings)),
    host: '',
    signupsAreOpen: false,
    signupsCloseAt: null,
    signupCap: null,
    message: settings.defaultMessage,
    footer: settings.defaultFooter,
    publicLinks: [],
  };
}

export function CreateEventPage() {
  const settings = useSettings();
  const [withDefaults, setWithDefaults] = useState(false);
  return (
    <>
      <h1 className="h3 mb-3">Create Event</h1>
      {settings.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading" />
      ) : settings.isError && !withDefaults ? (
        // The new event's values come from the settings: try again, or go on with the specification's defaults.
        <LoadError title="The global settings could not be loaded." error={settings.error} onRetry={settings.refetch} heading="h2">
          <Button variant="link" className="p-0" onClick={() => setWithDefaults(true)}>
            Use the usual defaults
          </Button>
        </LoadError>
      ) : (
        <CreateEventForm initial={defaultsFrom(settings.data ?? DEFAULT_SETTINGS)} />
      )}
    </>
  );
}

function CreateEventForm({ initial }: { initial: EventFormValues }) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const { createAskingSameDay, sameDayDialog } = useSameDayConfirm();
  const form = useForm<z.input<typeof createEventSchema>, unknown, CreateEventBody>({ resolver: zodResolver(createEventSchema), defaultValues: initial });

  // Submitting lasts until the event exists (or the person said no), so the leave guard lets the
  // page move on to it.
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await createAskingSameDay((confirmSameDay) => create.mutateAsync({ ...values, confirmSameDay }));
      if (created) navigate(paths.event(created.id));
    } catch (error) {
      toast.error((error instanceof Error && error.message) || 'Failed to create event');
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit} className="lu-measure-xl">
        <EventFormFields />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {create.isPending ? 'Creating...' : 'Create Event'}
        </Button>
      </Form>
      <FormLeaveGuard />
      {sameDayDialog}
    </FormProvider>
  );
}
