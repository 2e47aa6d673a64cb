import { useEffect, useLayoutEffect } from 'react';

// A page the server rendered (a DJ's wizard) takes typing before the app has started on it: on a
// phone's slow connection the page is painted well before its scripts arrive. As the app starts,
// its forms set their fields to their own start, and what the DJ typed or ticked would be gone.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

const ticks = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the field holds something other than what the server wrote into it. */
const changedByHand = (field: Field) =>
  ticks(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/**
 * Where an answer goes, found again by it once the form has drawn its fields anew (a wizard
 * started over with the answers kept in the tab has fields of its own): the field's name, and for
 * a radio button its place in its group (the group's answer is the button ticked; the app's
 * buttons carry no value of their own).
 */
const radios = (root: ParentNode, name: string) => [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${quoted(name)}"]`)];
const placeOf = (root: HTMLElement, field: Field) => (field.type === 'radio' ? `${field.name}\n${radios(root, field.name).indexOf(field as HTMLInputElement)}` : field.name);
function fieldAt(root: HTMLElement, place: string): Field | undefined {
  const [name, index] = place.split('\n') as [string, string | undefined];
  return index === undefined ? (root.querySelector<Field>(`[name="${quoted(name)}"]`) ?? undefined) : radios(root, name)[Number(index)];
}
/** A string as a quoted attribute value of a selector says it. */
const quoted = (text: string) => text.replace(/["\\\n]/g, (character) => (character === '\n' ? '\\a ' : `\\${character}`));

/**
 * Gives a field back what the person left in it, as a change the app's form hears. React passes a
 * change on only from a value other than the one it last saw, and the field may still show the
 * answer (a form sets it back a render later, from its own state): so the field is first set to
 * something else the way React sees, then to the answer the way it does not, then told.
 */
function giveBack(field: Field, answer: string | boolean) {
  if (ticks(field)) {
    field.checked = !answer;
    field.click();
    return;
  }
  if (!(field instanceof HTMLSelectElement)) field.value = answer === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, answer);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

interface Kept {
  /** How many forms that give answers back are on the page (useEarlyAnswers). */
  claims: number;
  giveBack: () => void;
  drop: () => void;
}

let kept: Kept | null = null;
/** What runs once the answers are back in their fields, or forgotten (the entry gives a held tap). */
let afterwards = () => {};

/**
 * Keeps what a person types or ticks in `root` from now until a form on the page gives it back
 * (useEarlyAnswers); those typed before the app's script ran are read from the page. A page the
 * app renders itself has nothing typed before it: nothing is kept. `then` runs once the answers
 * are back in their fields, or forgotten.
 */
export function keepEarlyAnswers(root: HTMLElement, then: () => void = () => {}): void {
  afterwards = then;
  if (!root.hasChildNodes()) return;
  // By where each goes (placeOf), in the order last changed.
  const answers = new Map<string, string | boolean>();
  const note = (field: Field) => {
    if (!field.name || (ticks(field) && field.type === 'radio' && !field.checked)) return;
    if (field.type === 'radio') for (const place of answers.keys()) if (place.startsWith(`${field.name}\n`)) answers.delete(place);
    const place = placeOf(root, field);
    answers.delete(place);
    answers.set(place, ticks(field) ? field.checked : field.value);
  };
  root.querySelectorAll<Field>('input, textarea, select').forEach((field) => changedByHand(field) && note(field));
  const typed = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  root.addEventListener('input', typed, true);
  root.addEventListener('change', typed, true);
  const drop = () => {
    root.removeEventListener('input', typed, true);
    root.removeEventListener('change', typed, true);
    kept = null;
  };
  kept = {
    claims: 0,
    drop,
    giveBack: () => {
      drop();
      answers.forEach((answer, place) => {
        const field = fieldAt(root, place);
        if (field) giveBack(field, answer);
      });
      settle();
    },
  };
}

/**
 * Once the app has drawn the page it rendered: what was typed into a page without a form that gives
 * it back is forgotten (it would otherwise be given to a form the DJ opens later).
 */
export function dropUnclaimedEarlyAnswers(): void {
  if (kept?.claims) return;
  kept?.drop();
  settle();
}

function settle() {
  const then = afterwards;
  afterwards = () => {};
  then();
}

/**
 * For a form the server renders (a DJ's wizard): what was typed or ticked into its fields before
 * the app had started on them is given back, as if typed again, once `ready` (the form has its
 * final fields and start). Until then it is kept, including what is typed meanwhile.
 */
export function useEarlyAnswers(ready: boolean): void {
  useLayoutEffect(() => {
    const claim = kept;
    if (!claim) return;
    claim.claims += 1;
    return () => {
      claim.claims -= 1;
      // Gone before its answers were back (signups closed meanwhile, another page). Unless a form
      // claims them again in the same commit (a wizard started anew with the tab's answers),
      // nothing will give them back: they are forgotten, and a tap held meanwhile is let go.
      queueMicrotask(() => {
        if (kept === claim && !claim.claims) dropUnclaimedEarlyAnswers();
      });
    };
  }, []);
  useEffect(() => {
    if (ready) kept?.giveBack();
  }, [ready]);
}
