import { useEffect } from 'react';

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
 * Gives a field back what the person left in it, as a change the app's form hears: React hears a
 * change only from a value other than the one it last saw, and the field may still show the answer
 * (a form can set it back a render later, from its own state), so the field is first set to
 * something else the way React sees, then to the answer the way it does not, then told.
 */
function giveBack(field: Field, answer: string | boolean) {
  if (!field.isConnected) return;
  if (ticks(field)) {
    // A radio button is unticked by ticking another of its group, never by a tap of its own.
    if (field.type === 'radio' && !answer) return;
    field.checked = !answer;
    field.click();
    return;
  }
  if (!(field instanceof HTMLSelectElement)) field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, answer);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Gives the answers kept by keepEarlyAnswers back to their fields; nothing once it has run. */
let givePending: () => void = () => {};

/**
 * Keeps what a person types or ticks in `root` from now until a form on the page has started
 * (those typed before the app's script ran are read from the page). A page the app renders itself
 * has nothing typed before it: nothing is kept.
 */
export function keepEarlyAnswers(root: HTMLElement): void {
  if (!root.hasChildNodes()) return;
  const answers = new Map<Field, string | boolean>();
  const note = (field: Field) => answers.set(field, ticks(field) ? field.checked : field.value);
  root.querySelectorAll<Field>('input, textarea, select').forEach((field) => changedByHand(field) && note(field));
  const typed = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  root.addEventListener('input', typed, true);
  root.addEventListener('change', typed, true);
  givePending = () => {
    givePending = () => {};
    root.removeEventListener('input', typed, true);
    root.removeEventListener('change', typed, true);
    answers.forEach((answer, field) => giveBack(field, answer));
  };
}

/**
 * For a form the server renders (a DJ's wizard): once it has started on its fields (set them to
 * its own start), what was typed or ticked into them before is given back, as if typed again, so
 * the form keeps it. Its effect runs after the form's fields are registered.
 */
export function useEarlyAnswers(): void {
  useEffect(() => givePending(), []);
}
