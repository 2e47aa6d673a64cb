import { createContext, type ReactNode, useContext } from 'react';
import { type FieldSource, FieldSourceProvider } from '@client/components/form/fields';
import type { DraftProblems } from './draftProblems';

export const DraftProblemsContext = createContext<DraftProblems>({});

/** The problem the save would find at this place of the draft (see draftProblems). */
const useDraftProblem = (path: string): string | undefined => useContext(DraftProblemsContext)[path];

/**
 * The shared form fields inside edit part of the event draft in place: `values` is that part (the
 * event, a signup, a slot, a public link), `onChange` puts a field's new value into the draft, and
 * each field shows the problem the draft's schema finds at `problemsAt` + its name, as it is edited.
 */
export function DraftFields<V extends object>({ values, onChange, problemsAt, children }: {
  values: V;
  onChange: (changes: Partial<V>) => void;
  /** Where `values` sits in the draft ('' for the event itself, 'signups.<uuid>', 'slots.2'). */
  problemsAt: string;
  children: ReactNode;
}) {
  const useDraftField: FieldSource = (name) => ({
    name,
    value: (values as Record<string, unknown>)[name],
    onChange: (value) => onChange({ [name]: value } as Partial<V>),
    onBlur: () => {},
    problem: useDraftProblem(problemsAt ? `${problemsAt}.${name}` : name),
  });
  return <FieldSourceProvider value={useDraftField}>{children}</FieldSourceProvider>;
}
