import { coveredAtBottom } from '@client/lib/stickyBottom';

/**
 * Where a menu must fit: the window (no boundary element but the viewport: measured against the
 * lineup column that scrolls on its own, a menu near its edge fit neither below nor above and was
 * pushed to the window's top), less the save bar at its bottom, read each time the menu is placed
 * (a getter: the bar comes and goes).
 */
const withinWindow = {
  boundary: [] as Element[],
  rootBoundary: 'viewport' as const,
  padding: {
    get bottom() {
      return coveredAtBottom();
    },
  },
};

/**
 * The lineup's menus float with a fixed position: the lineup column scrolls on its own on a wide
 * screen (lineup.css), and a menu placed inside it would be clipped at its edge. They open
 * downwards, or upwards where the window (less the save bar) has no room below.
 */
export const FLOATING_MENU = {
  strategy: 'fixed' as const,
  modifiers: [
    { name: 'flip', options: withinWindow },
    { name: 'preventOverflow', options: withinWindow },
  ],
};
