// What app-theme.css keeps from taking a tap on a page the server rendered (`#root[data-starting]`).
const TAKES_A_TAP = "button, [role='button'], input[type='submit']";

let held: { root: HTMLElement; hold: (event: MouseEvent) => void; tapped: HTMLElement | null } | null = null;

/**
 * A page the server rendered (a DJ's signup pages) is painted before the app has started on it,
 * and a tap on one of its buttons then would do nothing: the DJ's Confirm would be lost. Until the
 * entry runs, the page's style keeps its buttons from taking a tap at all; from then on the last
 * tap on a button is held here, and given to it by `giveEarlyTap` once the app has drawn the page
 * and what was typed before it is back in the fields (main.tsx, earlyAnswers.ts). A link, and a
 * form with an address of its own (sign-in), work without the app and are left alone.
 */
export function holdEarlyTaps(root: HTMLElement): void {
  if (!root.hasAttribute('data-starting')) return;
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(TAKES_A_TAP) : null;
    if (!control || control.closest('form[action], a[href]') || !held) return;
    event.preventDefault();
    event.stopPropagation();
    held.tapped = control;
  };
  held = { root, hold, tapped: null };
  root.addEventListener('click', hold, true);
  root.removeAttribute('data-starting');
}

/** Lets taps through again, and gives the one held (if any, and `replay`) to its button. */
export function giveEarlyTap({ replay }: { replay: boolean }): void {
  if (!held) return;
  const { root, hold, tapped } = held;
  held = null;
  root.removeEventListener('click', hold, true);
  if (replay && tapped?.isConnected) tapped.click();
}
