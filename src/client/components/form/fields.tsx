import { createContext, type InputHTMLAttributes, type ReactNode, type Ref, useContext, useId, useState } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';

// The fields every form is built from, so every form shows a problem the same way: the field
// turns red and the schema's message, a sentence a person can act on, appears under it. A field
// reads and writes its value through a source: a react-hook-form form (the default: its zod
// resolver decides the problems, shown once the form was submitted, then following the typing),
// or an object edited in place, such as the event page's draft (FieldSource: its problems come
// from the draft's schema as it is edited). Bootstrap's form markup is written out rather than
// taken from react-bootstrap, which would add about 10 KB to a DJ's signup wizard.

/** One field's value, its change and its problem, from whichever source holds the form. */
export interface FieldBinding {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>;
  problem?: string;
}

/** A source of field bindings: a hook, called once per field, always the same one for a field. */
export type FieldSource = (name: string) => FieldBinding;

function useFormField(name: string): FieldBinding {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  return { name: field.name, value: field.value, onChange: field.onChange, onBlur: field.onBlur, ref: field.ref, problem: fieldState.error?.message };
}

const FieldSourceContext = createContext<FieldSource>(useFormField);

/** Fields inside read and write through `source` instead of a react-hook-form form. */
export const FieldSourceProvider = FieldSourceContext.Provider;

/** The field's binding from the source around it (a react-hook-form form unless a FieldSourceProvider says otherwise). */
export function useField(name: string): FieldBinding {
  const useSource = useContext(FieldSourceContext);
  return useSource(name);
}

interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  help?: ReactNode;
  className?: string;
  /** 'sm': Bootstrap's small controls with a small label, for dense cards. */
  size?: 'sm';
}

/** A control's binding, and the attributes every control takes from it: its id, name, ref, blur and help. */
function useControl(name: string, help: ReactNode) {
  const { ref, ...field } = useField(name);
  const id = useId();
  const attributes = { id, name: field.name, ref, onBlur: field.onBlur, 'aria-describedby': help ? `${id}-help` : undefined };
  return { field, id, attributes };
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
function Labelled({ id, label, problem, help, className, size, children }: {
  id: string;
  label: ReactNode;
  problem?: string;
  help?: ReactNode;
  className: string;
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className={size ? 'form-label small mb-0' : 'form-label'} htmlFor={id}>
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
 * left (e.g. a stream link into its one form), so the person sees what will be saved. `mask`
 * hides a secret the value holds (a stream key): the field shows the masked value, read-only,
 * with a Reveal button that makes it the editable value again.
 */
export function TextField<T extends FieldValues>({
  name,
  label,
  help,
  className = 'mb-3',
  size,
  normalise,
  mask,
  as,
  ...control
}: FieldProps<T> & ControlProps & { normalise?: (value: string) => string; mask?: (value: string) => string }) {
  const { field, id, attributes } = useControl(name, help);
  const [revealed, setRevealed] = useState(false);
  const value = String(field.value ?? '');
  const onBlur = () => {
    const normal = normalise?.(value);
    if (normal !== undefined && normal !== value) field.onChange(normal);
    field.onBlur();
  };
  const Control = as ?? 'input';
  const classes = controlClass(size ? `form-control form-control-${size}` : 'form-control', field.problem);
  const masked = !revealed && mask ? mask(value) : value;
  return (
    <Labelled id={id} label={label} problem={field.problem} help={help} className={className} size={size}>
      {masked !== value ? (
        <div className="input-group">
          <input {...attributes} className={classes} value={masked} readOnly />
          <button type="button" className="btn btn-outline-secondary" onClick={() => setRevealed(true)}>
            Reveal
          </button>
        </div>
      ) : (
        <Control {...attributes} className={classes} value={value} onChange={(event) => field.onChange(event.target.value)} onBlur={onBlur} {...control} />
      )}
    </Labelled>
  );
}

/** A whole number, or nothing (null) when left empty. */
export function OptionalNumberField<T extends FieldValues>({ name, label, help, className = 'mb-3', ...control }: Omit<FieldProps<T>, 'size'> & ControlProps) {
  const { field, id, attributes } = useControl(name, help);
  return (
    <Labelled id={id} label={label} problem={field.problem} help={help} className={className}>
      <input
        {...attributes}
        type="number"
        inputMode="numeric"
        className={controlClass('form-control', field.problem)}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
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
  size,
  placeholder,
}: FieldProps<T> & { options: readonly { value: string | number; label: string }[]; numeric?: boolean; placeholder?: string }) {
  const { field, id, attributes } = useControl(name, help);
  return (
    <Labelled id={id} label={label} problem={field.problem} help={help} className={className} size={size}>
      <select
        {...attributes}
        className={controlClass(size ? `form-select form-select-${size}` : 'form-select', field.problem)}
        value={String(field.value ?? '')}
        onChange={(event) => field.onChange(numeric ? Number(event.target.value) : event.target.value)}
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
  const { field, id, attributes } = useControl(name, help);
  return (
    <div className={className}>
      <div className={type === 'switch' ? 'form-check form-switch' : 'form-check'}>
        <input
          {...attributes}
          type="checkbox"
          className={controlClass('form-check-input', field.problem)}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
        {field.problem && <Problem problem={field.problem} />}
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
  const { ref, ...field } = useField(name);
  const { problem } = field;
  const id = useId();
  return (
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
              ref={options[0] === option ? ref : undefined}
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
  );
}
