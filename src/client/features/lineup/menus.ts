/**
 * The lineup's menus float with a fixed position: the lineup column scrolls on its own on a wide
 * screen (lineup.css), and a menu placed inside it would be clipped at its edge.
 */
export const FLOATING_MENU = { strategy: 'fixed' } as const;
