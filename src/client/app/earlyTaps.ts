// What app-theme.css makes wait on a page the server rendered (`#root[data-starting]`).
const TAKES_A_TAP = "button, [role='button'], input[type='submit']";

/**
 * A page the server rendered is painted before the app has started on it, and a tap on one of its
 * buttons then would do nothing: the DJ's Confirm would be lost. From the moment the entry runs,
 * such a tap is held here instead, and `replay` gives it to the button once the app has started
 * (React, from then on, hydrates what was tapped first). Before the entry runs, the page's style
 * keeps the buttons from taking a tap at all. A link, and a form with an address of its own, work
 * without the app and are left alone. Should the app fail to start, `release` lets taps through
 * again, as they were before (no replay).
 */
export function holdEarlyTaps(root: HTMLElement): { replay: () => void; release: () => void } {
  if (!root.hasAttribute('data-starting')) return { replay: () => {}, release: () => {} };
  let tapped: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(TAKES_A_TAP) : null;
    if (!control || control.closest('form[action], a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    tapped = control;
  };
  root.addEventListener('click', hold, true);
  root.removeAttribute('data-starting');
  const release = () => root.removeEventListener('click', hold, true);
  return {
    release,
    replay: () => {
      release();
      if (tapped?.isConnected) tapped.click();
    },
  };
}
