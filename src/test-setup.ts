// jsdom lacks matchMedia, which react-bootstrap and toasts query.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out, and has no IntersectionObserver: one that never reports stands in.
if (typeof window !== 'undefined' && typeof window.IntersectionObserver === 'undefined') {
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}

// Testing Library's queries wait 1 s by default before they fail; on the 2-core machine, with the
// static checks and the build beside Vitest, a rendered screen can take longer to settle. A
// longer wait changes nothing when the screen is right: it only fails later when it is wrong.
// (A module, for the top-level await: only jsdom files load Testing Library.)
export {};
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
