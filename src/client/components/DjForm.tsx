import { type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { DJ_LIMITS, type DjInput, djInputSchema, type DjValues, EMPTY_DJ_INPUT } from '@shared/schemas/djs';

type Field = keyof DjInput;
type Errors = Partial<Record<Field, string>>;

export interface DjFormProps {
  /** Values to start from; remount (change `key`) to start over. */
  initial?: DjInput;
  /** Called with trimmed, valid values; problems are shown next to their fields instead. */
  onSubmit: (values: DjValues) => void;
  disabled?: boolean;
  /** Lets buttons outside the form (a modal footer) submit it with `form={id}`. */
  id?: string;
  /** Buttons, rendered at the end of the form. */
  children?: ReactNode;
}

function validate(values: DjInput): { values?: DjValues; errors: Errors } {
  const result = djInputSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The DJ form of Create Dj, Dj Details (edit) and Onboard New Dj. Validates with the same
 * schema as the server; after the first submit attempt, problems update as the person types.
 */
export function DjForm({ initial = EMPTY_DJ_INPUT, onSubmit, disabled, id, children }: DjFormProps) {
  const [values, setValues] = useState<DjInput>(initial);
  const [validated, setValidated] = useState(false);
  const errors = validated ? validate(values).errors : {};

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setValidated(true);
    const result = validate(values);
    if (result.values) onSubmit(result.values);
  };

  const fieldProps = (field: Field, maxLength?: number) => ({
    value: values[field],
    onChange: set(field),
    isInvalid: Boolean(errors[field]),
    maxLength,
    disabled,
  });

  return (
    <Form id={id} noValidate onSubmit={submit}>
      <Form.Group className="mb-3" controlId={`${id ?? 'dj'}-discordId`}>
        <Form.Label>Discord ID</Form.Label>
        <Form.Control
          // No maxLength: it would silently cut a pasted ID; the schema explains instead.
          {...fieldProps('discordId')}
          inputMode="numeric"
          autoComplete="off"
          required
          aria-describedby={`${id ?? 'dj'}-discordId-help`}
        />
        <Form.Control.Feedback type="invalid">{errors.discordId}</Form.Control.Feedback>
        <Form.Text id={`${id ?? 'dj'}-discordId-help`}>
          The person's Discord user ID (at least {DJ_LIMITS.discordIdMinDigits} digits).{' '}
          <Link to={paths.discordIdInfo()} target="_blank" rel="noopener">
            How do I find a Discord ID?
          </Link>
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id ?? 'dj'}-publicName`}>
        <Form.Label>Public name</Form.Label>
        <Form.Control {...fieldProps('publicName', DJ_LIMITS.name)} required />
        <Form.Control.Feedback type="invalid">{errors.publicName}</Form.Control.Feedback>
        <Form.Text>The name the person goes by in the community (shown as Alt Name in the roster).</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id ?? 'dj'}-djName`}>
        <Form.Label>Dj Name</Form.Label>
        <Form.Control {...fieldProps('djName', DJ_LIMITS.name)} required />
        <Form.Control.Feedback type="invalid">{errors.djName}</Form.Control.Feedback>
        <Form.Text>The name shown in lineups and announcements.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id ?? 'dj'}-rtmpUrl`}>
        <Form.Label>VRCDN/RTMP stream URL</Form.Label>
        <Form.Control {...fieldProps('rtmpUrl', DJ_LIMITS.url)} type="url" placeholder="rtmp://…" />
        <Form.Control.Feedback type="invalid">{errors.rtmpUrl}</Form.Control.Feedback>
        <Form.Text>Optional.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id ?? 'dj'}-twitchUsername`}>
        <Form.Label>Twitch username</Form.Label>
        {/* Room for a pasted leading '@', which the schema strips. */}
        <Form.Control {...fieldProps('twitchUsername', DJ_LIMITS.twitchUsername + 1)} autoComplete="off" />
        <Form.Control.Feedback type="invalid">{errors.twitchUsername}</Form.Control.Feedback>
        <Form.Text>Optional.</Form.Text>
      </Form.Group>
      {children}
    </Form>
  );
}
