import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { type Settings, settingsSchema } from '@shared/schemas/settings';
import { useSaveSettings, useSettings } from '@client/shared/settings';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** What the form edits: the settings with the role ids as the text typed. */
type FormValues = Omit<Settings, 'announcementRoleIds'> & { announcementRoleIds: string };
type Errors = Partial<Record<keyof Settings, string>>;

const toForm = (settings: Settings): FormValues => ({ ...settings, announcementRoleIds: settings.announcementRoleIds.join(', ') });
const fromForm = (values: FormValues) => ({
  ...values,
  announcementRoleIds: values.announcementRoleIds.split(/[\s,]+/).filter(Boolean),
});

function validate(values: FormValues): { settings?: Settings; errors: Errors } {
  const result = settingsSchema.safeParse(fromForm(values));
  if (result.success) return { settings: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as keyof Settings] ??= issue.message;
  return { errors };
}

export function GlobalSettingsPage() {
  const settings = useSettings();
  return (
    <div style={{ maxWidth: '52rem' }}>
      <h1 className="h3 mb-3">Global Settings</h1>
      {settings.isPending && (
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <Spinner size="sm" animation="border" role="status" /> Loading settings…
        </div>
      )}
      {settings.isError && (
        <Alert variant="danger">
          <div>Failed to load global settings.</div>
          <div className="small">{settings.error.message}</div>
        </Alert>
      )}
      {settings.data && <SettingsForm initial={settings.data} />}
    </div>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const [values, setValues] = useState<FormValues>(() => toForm(initial));
  const [validated, setValidated] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings();
  const errors = validated ? validate(values).errors : {};

  const set = (field: keyof FormValues) => (event: { target: { value: string } }) => {
    setSaved(false);
    setValues((old) => ({ ...old, [field]: field === 'defaultWeekday' ? Number(event.target.value) : event.target.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setValidated(true);
    setSaved(false);
    const result = validate(values);
    if (result.settings) {
      save.mutate(result.settings, {
        onSuccess: (stored) => {
          setSaved(true);
          setValues(toForm(stored));
        },
      });
    }
  };

  const field = (name: keyof FormValues, label: string, help: ReactNode, control: Record<string, unknown> = {}) => (
    <Form.Group className="mb-3" controlId={`settings-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={values[name]} onChange={set(name)} isInvalid={Boolean(errors[name])} {...control} />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
      <Form.Text>{help}</Form.Text>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit}>
      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          Signups
        </Card.Header>
        <Card.Body>
          {field('signupUrl', 'Signup URL', 'The signup sheet linked from the home page.', { type: 'url', required: true })}
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          New events
        </Card.Header>
        <Card.Body>
          {field('seriesName', 'Series name', 'The default name of a new event.', { required: true })}
          {field('defaultMessage', 'Default message', 'The announcement message a new event starts with.', { as: 'textarea', rows: 4 })}
          {field('defaultFooter', 'Default footer', 'Links added under every announcement of a new event.', { as: 'textarea', rows: 3 })}
          <Row>
            <Col sm={4}>
              <Form.Group className="mb-3" controlId="settings-defaultWeekday">
                <Form.Label>Default weekday</Form.Label>
                <Form.Select value={values.defaultWeekday} onChange={set('defaultWeekday')} isInvalid={Boolean(errors.defaultWeekday)}>
                  {WEEKDAYS.map((day, index) => (
                    <option key={day} value={index + 1}>
                      {day}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.defaultWeekday}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={3}>{field('defaultTime', 'Default time', 'Wall-clock start.', { type: 'time', required: true })}</Col>
            <Col sm={5}>
              {field('defaultZone', 'Time zone', 'The zone of the default time.', { list: 'settings-zones', required: true, autoComplete: 'off' })}
              <datalist id="settings-zones">
                {ZONES.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          Community
        </Card.Header>
        <Card.Body>
          {field(
            'announcementRoleIds',
            'Announcement role IDs',
            'Discord role IDs mentioned at the top of the Discord announcement, separated by commas.',
            { inputMode: 'numeric', autoComplete: 'off' },
          )}
          {field('schedulingChannelUrl', 'Scheduling channel link', 'Where hosts verify the lineup with DJs before announcing.', { type: 'url' })}
          {field('contactHostName', 'Contact host name', 'Who people are told to contact when something goes wrong.')}
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          Helpful Links
        </Card.Header>
        <Card.Body>
          {field('hostingGuideUrl', 'Hosting guide URL', 'Shown on the home page. Leave empty to hide.', { type: 'url' })}
          {field('sharedDriveUrl', 'Shared drive URL', 'The folder with performer stream links and the fallback tracking sheet.', { type: 'url' })}
          {field('chatServerUrl', 'Chat server URL', 'An invite link to the community Discord server.', { type: 'url' })}
        </Card.Body>
      </Card>

      {saved && <Alert variant="success">Settings saved successfully!</Alert>}
      {save.isError && (
        <Alert variant="danger">
          <div>Failed to save global settings.</div>
          <div className="small">{save.error.message}</div>
        </Alert>
      )}
      {validated && Object.keys(errors).length > 0 && (
        <Alert variant="warning">Please fix the fields marked in red.</Alert>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </Form>
  );
}
