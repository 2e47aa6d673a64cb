import { type FormEvent, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { createEventSchema, type EventFormValues } from '@shared/schemas/events';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/settings';
import { comingSundayAt } from '@shared/time';
import { useSettings } from '@client/shared/settings';
import { useCreateEvent } from '@client/shared/events';
import { EventFormFields } from './EventFormFields';

/** Spec §3 "Default new event", with the community's values from the global settings. */
function defaultsFrom(settings: Settings): EventFormValues {
  return {
    name: settings.seriesName,
    startDatetime: comingSundayAt(new Date(), {
      weekday: settings.defaultWeekday,
      time: settings.defaultTime,
      zone: settings.defaultZone,
    }),
    host: '',
    signupsAreOpen: false,
    message: settings.defaultMessage,
    footer: settings.defaultFooter,
  };
}

export function CreateEventPage() {
  const settings = useSettings();
  return (
    <>
      <h1 className="h3 mb-3">Create Event</h1>
      {settings.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading" />
      ) : (
        // Without the settings (e.g. they failed to load) the specification's defaults apply.
        <CreateEventForm initial={defaultsFrom(settings.data ?? DEFAULT_SETTINGS)} />
      )}
    </>
  );
}

function CreateEventForm({ initial }: { initial: EventFormValues }) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [values, setValues] = useState(initial);
  const [validated, setValidated] = useState(false);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setValidated(true);
    if (!e.currentTarget.checkValidity()) return;
    const parsed = createEventSchema.safeParse(values);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to create event');
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => navigate(paths.event(id)),
      onError: (error) => toast.error(error.message || 'Failed to create event'),
    });
  };

  return (
    <Form noValidate validated={validated} onSubmit={submit} style={{ maxWidth: 900 }}>
      <EventFormFields values={values} onChange={(changes) => setValues((v) => ({ ...v, ...changes }))} hostRequired />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Event'}
      </Button>
    </Form>
  );
}
