// What app-theme.css makes wait on a page the server rendered (`#root[data-starting]`).
const TAKES_A_TAP = "button, [role='button'], input[type='submit']";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
const ticks = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const changedByHand = (field: Field) =>
  ticks(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/** What a person typed or ticked, given back to a field the app's form has set to its own start. */
function giveBack(field: Field, answer: string | boolean) {
  if (!field.isConnected) return;
  if (ticks(field)) {
    if (field.checked !== answer) field.click();
    return;
  }
  if (field.value === answer) return;
  // The prototype's setter, so React sees a change it did not make (and tells the form).
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, answer);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * A page the server rendered is painted before the app has started on it. A tap on one of its
 * buttons then would do nothing (the DJ's Confirm would be lost), and what a DJ typed into its
 * fields would be set back by the form as it starts. From the moment the entry runs, a tap on a
 * button is held here, and so is every answer typed or ticked (those typed even before are read
 * from the page); `replay`, once the app has drawn the page, gives the answers back to their
 * fields and the tap to its button. Before the entry runs, the page's style keeps the buttons from
 * taking a tap at all. A link, and a form with an address of its own, work without the app and
 * are left alone. Should the app fail to start, `release` lets taps through again (no replay).
 */
export function holdEarlyTaps(root: HTMLElement): { replay: () => void; release: () => void } {
  if (!root.hasAttribute('data-starting')) return { replay: () => {}, release: () => {} };
  let tapped: HTMLElement | null = null;
  const answers = new Map<Field, string | boolean>();
  const note = (field: Field) => answers.set(field, ticks(field) ? field.checked : field.value);
  root.querySelectorAll<Field>('input, textarea, select').forEach((field) => changedByHand(field) && note(field));
  const typed = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(TAKES_A_TAP) : null;
    if (!control || control.closest('form[action], a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    tapped = control;
  };
  root.addEventListener('input', typed, true);
  root.addEventListener('change', typed, true);
  root.addEventListener('click', hold, true);
  root.removeAttribute('data-starting');
  let released = false;
  const release = () => {
    released = true;
    root.removeEventListener('input', typed, true);
    root.removeEventListener('change', typed, true);
    root.removeEventListener('click', hold, true);
  };
  return {
    release,
    replay: () => {
      if (released) return;
      release();
      answers.forEach((answer, field) => giveBack(field, answer));
      if (tapped?.isConnected) tapped.click();
    },
  };
}
