import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { Controller, type FieldValues, get, type Path, type PathValue, useFormContext } from 'react-hook-form';

// The fields every form is built from (react-hook-form + the shared zod schemas through
// zodResolver), so every form shows a problem the same way: the field turns red and the
// schema's message, a sentence a person can act on, appears under it. Problems show once the
// form was submitted, then follow the typing. Bootstrap's form markup is written out rather than
// taken from react-bootstrap, which would add about 10 KB to a DJ's signup wizard.

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
  return help ? (
    <small id={id} className="form-text">
      {help}
    </small>
  ) : null;
}

function Problem({ problem }: { problem?: string }) {
  return <div className="invalid-feedback">{problem}</div>;
}

/** A labelled control with its problem and help under it, in Bootstrap's form markup. */
function Labelled({ id, label, problem, help, className, children }: {
  id: string;
  label: ReactNode;
  problem?: string;
  help?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <Problem problem={problem} />
      <Help id={`${id}-help`} help={help} />
    </div>
  );
}

/** Bootstrap's class for a control, red when it has a problem. */
const controlClass = (base: string, problem?: string) => (problem ? `${base} is-invalid` : base);

/** What a text field passes on to its input (or textarea). */
type ControlProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'placeholder' | 'maxLength' | 'autoComplete' | 'spellCheck' | 'min' | 'max' | 'list' | 'style'
> & { as?: 'textarea'; rows?: number };

/**
 * A text input or textarea (`as="textarea"`). `normalise` rewrites the value when the field is
 * left (e.g. a stream link into its one form), so the person sees what will be saved.
 */
export function TextField<T extends FieldValues>({
  name,
  label,
  help,
  className = 'mb-3',
  normalise,
  as,
  ...control
}: FieldProps<T> & ControlProps & { normalise?: (value: string) => string }) {
  const { register, setValue, formState } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  const registration = register(name);
  const onBlur: typeof registration.onBlur = (event) => {
    const value = (event.target as HTMLInputElement).value;
    const normal = normalise?.(value);
    if (normal !== undefined && normal !== value) {
      setValue(name, normal as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
    return registration.onBlur(event);
  };
  const Control = as ?? 'input';
  return (
    <Labelled id={id} label={label} problem={problem} help={help} className={className}>
      <Control
        id={id}
        className={controlClass('form-control', problem)}
        {...registration}
        onBlur={onBlur}
        aria-describedby={help ? `${id}-help` : undefined}
        {...control}
      />
    </Labelled>
  );
}

/** A whole number, or nothing (null) when left empty. */
export function OptionalNumberField<T extends FieldValues>({ name, label, help, className = 'mb-3', ...control }: FieldProps<T> & ControlProps) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <Labelled id={id} label={label} problem={problem} help={help} className={className}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={controlClass('form-control', problem)}
        {...register(name, { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
        aria-describedby={help ? `${id}-help` : undefined}
        {...control}
      />
    </Labelled>
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
    <Labelled id={id} label={label} problem={problem} help={help} className={className}>
      <select
        id={id}
        className={controlClass('form-select', problem)}
        {...register(name, { valueAsNumber: numeric })}
        aria-describedby={help ? `${id}-help` : undefined}
      >
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
      </select>
    </Labelled>
  );
}

/** A checkbox or switch holding a boolean. */
export function CheckField<T extends FieldValues>({ name, label, help, className = 'mb-3', type = 'checkbox' }: FieldProps<T> & { type?: 'checkbox' | 'switch' }) {
  const { register } = useFormContext<T>();
  const problem = useProblem(name);
  const id = useId();
  return (
    <div className={className}>
      <div className={type === 'switch' ? 'form-check form-switch' : 'form-check'}>
        <input
          id={id}
          type="checkbox"
          className={controlClass('form-check-input', problem)}
          {...register(name)}
          aria-describedby={help ? `${id}-help` : undefined}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
        {problem && <Problem problem={problem} />}
      </div>
      <Help id={`${id}-help`} help={help} />
    </div>
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
          {options.map((option) => {
            const optionId = `${id}-${String(option.value)}`;
            return (
              <div key={String(option.value)} className="form-check form-check-inline me-4 py-1">
                <input
                  type="radio"
                  name={field.name}
                  id={optionId}
                  className={controlClass('form-check-input', problem)}
                  checked={field.value === option.value}
                  onChange={() => field.onChange(option.value)}
                  onBlur={field.onBlur}
                  ref={options[0] === option ? field.ref : undefined}
                />
                <label className="form-check-label" htmlFor={optionId}>
                  {option.label}
                </label>
              </div>
            );
          })}
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
