/** The attribute a bar stuck to the window's bottom edge over the page carries (the event page's save bar), spread onto it. */
export const stickyBottom = { 'data-sticky-bottom': '' } as const;

/** The height that bars stuck to the window's bottom edge cover now (0 when none shows): floating menus keep clear of it. */
export function coveredAtBottom(): number {
  const bars = document.querySelectorAll<HTMLElement>('[data-sticky-bottom]');
  return Math.max(0, ...[...bars].map((bar) => window.innerHeight - bar.getBoundingClientRect().top));
}
