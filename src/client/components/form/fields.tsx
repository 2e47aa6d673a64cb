import { type ComponentProps, type ReactNode, useId } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type FieldValues, get, type Path, useFormContext } from 'react-hook-form';

// The fields every form is built from (react-hook-form + the shared zod schemas through
// zodResolver), so every form shows a problem the same way: the field turns red and the
// schema's message, a sentence a person can act on, appears under it. Problems show once the
// form was submitted, then follow the typing.

interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  help?: ReactNode;
  className?: string;
}

/** The message of the field's problem, if any. */
function useProblem<T extends FieldValues>(name: Path<T>): string | undefined {
  const { formState } = useFormContext<T>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

function Help({ id, help }: { id: string; help?: ReactNode }) {
  return help ? <Form.Text id={id}>{help}</Form.Text> : null;
}

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'name' | 'isInvalid' | 'value' | 'onChange' | 'onBlur'>;

/** A text input or textarea (`as="textarea"`). */
export function TextField<T extends FieldValues>({ name, label, help, className = 'mb-3', ...control }: FieldProps<T> & ControlProps) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...register(name)} isInvalid={Boolean(problem)} aria-describedby={help ? `${id}-help` : undefined} {...control} />
      <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      <Help id={`${id}-help`} help={help} />
    </Form.Group>
  );
}

/** A whole number, or nothing (null) when left empty. */
export function OptionalNumberField<T extends FieldValues>({ name, label, help, className = 'mb-3', ...control }: FieldProps<T> & ControlProps) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        {...register(name, { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
        isInvalid={Boolean(problem)}
        aria-describedby={help ? `${id}-help` : undefined}
        {...control}
      />
      <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      <Help id={`${id}-help`} help={help} />
    </Form.Group>
  );
}

/** A drop-down of fixed options; `numeric` stores the option's value as a number. */
export function SelectField<T extends FieldValues>({
  name,
  label,
  help,
  options,
  numeric,
  className = 'mb-3',
  placeholder,
}: FieldProps<T> & { options: readonly { value: string | number; label: string }[]; numeric?: boolean; placeholder?: string }) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...register(name, { valueAsNumber: numeric })} isInvalid={Boolean(problem)} aria-describedby={help ? `${id}-help` : undefined}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={String(option.value)} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      <Help id={`${id}-help`} help={help} />
    </Form.Group>
  );
}

/** A checkbox or switch holding a boolean. */
export function CheckField<T extends FieldValues>({ name, label, help, className = 'mb-3', type = 'checkbox' }: FieldProps<T> & { type?: 'checkbox' | 'switch' }) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Form.Group className={className}>
      <Form.Check
        id={id}
        type={type}
        label={label}
        {...register(name)}
        isInvalid={Boolean(problem)}
        feedback={problem}
        feedbackType="invalid"
        aria-describedby={help ? `${id}-help` : undefined}
      />
      <Help id={`${id}-help`} help={help} />
    </Form.Group>
  );
}

/** A required pick-one as radio buttons (big touch targets) holding any value: text, number or boolean. */
export function ChoiceField<T extends FieldValues, V extends string | number | boolean>({
  name,
  label,
  options,
  className = 'mb-3',
}: FieldProps<T> & { options: readonly { value: V; label: string }[] }) {
  const { control } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className={className} aria-describedby={problem ? `${id}-problem` : undefined}>
          <legend className="form-label fs-6 mb-1">{label}</legend>
          {options.map((option) => (
            <Form.Check
              key={String(option.value)}
              inline
              type="radio"
              name={field.name}
              id={`${id}-${String(option.value)}`}
              label={option.label}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
              ref={options[0] === option ? field.ref : undefined}
              isInvalid={Boolean(problem)}
              className="me-4 py-1"
            />
          ))}
          {problem && (
            <div id={`${id}-problem`} className="invalid-feedback d-block">
              {problem}
            </div>
          )}
        </fieldset>
      )}
    />
  );
}
