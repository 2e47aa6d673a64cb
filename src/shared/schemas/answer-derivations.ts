import { z } from 'zod';
import { WIZARD_STEPS } from '../domain.js';

// How the DJ's signup answers are defined, and everything derived from a list of them
// (signupAnswerSchemas). It knows no answer itself: the app's are SIGNUP_ANSWERS
// (signup-answers.ts), and a test passes a list with one answer more (adding-an-answer.test.ts).

/** How the wizard asks for an answer (the client's form fields draw each kind). */
export type AnswerControl =
  | { kind: 'text'; maxLength: number; help?: string }
  | { kind: 'yesNo' }
  | { kind: 'choice'; options: readonly { value: string | number; label: string }[] }
  | { kind: 'time' }
  | { kind: 'streamLink'; maxLength: number }
  | { kind: 'agree' }
  | { kind: 'notes'; maxLength: number };

/** What summaries need to show an answer: the reader's zone, and on staff pages the series' (shown beside it where it differs). */
export interface ShowContext {
  zone: string;
  seriesZone?: string;
}

/**
 * One answer of the DJ's signup, defined once: how the wizard asks it, what the intake accepts,
 * what a stored signup holds and reads as when it predates the answer, and how people see it.
 */
interface AnswerDefinition<Stored extends z.ZodType, Rule extends z.ZodType<z.output<Stored>, unknown>> {
  /** Its name in the DJ's summary, staff's signup details and the event history (spec §2's words). */
  label: string;
  /** The wizard's question; the label when the same. */
  question?: string;
  /** The wizard step that asks it (spec §4), or null for what the wizard fills itself. */
  step: 0 | 1 | 2 | 3 | null;
  control?: AnswerControl;
  /** Asked only when the answers so far say so (the other B2B members, for a B2B set). */
  askedWhen?: (answers: Partial<Record<string, unknown>>) => boolean;
  /** What the intake accepts (POST /api/signup and each wizard step). */
  rule: Rule;
  /** A stored answer's shape. */
  stored: Stored;
  /** What a signup stored before this answer existed reads as (so an old row always reads). */
  storedDefault: z.output<Stored>;
  /** How summaries and the history show it; null: never shown (the event id, the agreement). */
  show: ((value: z.output<Stored>, context: ShowContext) => string) | null;
  /** Staff set it on the lineup themselves (the signup's name, type and length): their signup details leave the DJ's answer out. */
  staffEdits: boolean;
}

/** One answer's definition, its stored value's type checked against its rule's. */
export const answer = <Stored extends z.ZodType, Rule extends z.ZodType<z.output<Stored>, unknown>>(definition: AnswerDefinition<Stored, Rule>) =>
  definition;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer's schemas
type AnyAnswer = AnswerDefinition<any, any>;

/** An answer's summary line: its label and its value as people read it. */
export interface ShownAnswer<F extends string = string> {
  field: F;
  label: string;
  value: string;
}

/**
 * Everything the app derives from the answers' definitions: the intake's rule per answer, the
 * stored answers' schema (each with its default), the wizard's steps, reading a stored row,
 * summary lines and the history's labels. Pure, so a test can add an answer in one place and see
 * each of these take it in (adding-an-answer.test.ts).
 */
export function signupAnswerSchemas<D extends Record<string, AnyAnswer>>(answers: D) {
  type Field = keyof D & string;
  const fields = Object.keys(answers) as Field[];
  const each = <T>(make: (definition: AnyAnswer, field: Field) => T) => Object.fromEntries(fields.map((field) => [field, make(answers[field]!, field)]));
  const rules = each((definition) => definition.rule) as { [K in Field]: D[K]['rule'] };
  const stored = z.object(each((definition) => definition.stored.default(definition.storedDefault)) as { [K in Field]: z.ZodDefault<D[K]['stored']> });
  type Stored = z.output<typeof stored>;
  const asked = (field: Field, values: Partial<Record<string, unknown>>) => answers[field]!.askedWhen?.(values) ?? true;
  return {
    fields,
    rules,
    stored,
    /** Which answers each wizard step asks for (steps 1–4 of spec §4). */
    stepFields: Array.from({ length: WIZARD_STEPS }, (_, step) => fields.filter((field) => answers[field]!.step === step)) as readonly (readonly Field[])[],
    /**
     * A stored signup's answers, whatever the row holds: each answer that reads as its shape,
     * the default for one that is missing, and the default too for one that does not read,
     * named in `unreadable` (to log) rather than hiding every other answer.
     */
    read(value: unknown): { answers: Stored; unreadable: Field[] } {
      const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      const unreadable: Field[] = [];
      const read = each((definition, field) => {
        const parsed = stored.shape[field].safeParse(record?.[field]);
        if (!parsed.success || record === null) unreadable.push(field);
        return parsed.success ? parsed.data : definition.storedDefault;
      }) as Stored;
      return { answers: read, unreadable };
    },
    /** Whether the wizard asks this answer, given the answers so far (the other B2B members only for a B2B set). */
    asked,
    /**
     * The answers summaries show, in order, '—' for one not asked or left empty. Staff's (`forStaff`)
     * leave out what they set themselves on the signup (its name, type and length) and what the DJ
     * was not asked or left empty, so a lineup card stays short.
     */
    shown(values: Stored, context: ShowContext, { forStaff = false } = {}): ShownAnswer<Field>[] {
      return fields.flatMap((field) => {
        const definition = answers[field]!;
        if (!definition.show || (forStaff && definition.staffEdits)) return [];
        const value = asked(field, values) ? definition.show((values as Record<string, unknown>)[field], context) : '';
        if (forStaff && value === '') return [];
        return [{ field, label: definition.label, value: value || '—' }];
      });
    },
    /** The answers staff read beside a slot: those people see that staff do not set on the signup themselves. */
    staffRead: fields.filter((field) => answers[field]!.show && !answers[field]!.staffEdits),
    /** The labels of the answers people see, for the history's lines ("changed Duration, Notes"). */
    labels: Object.fromEntries(fields.filter((field) => answers[field]!.show).map((field) => [field, answers[field]!.label])) as Partial<Record<Field, string>>,
  };
}
