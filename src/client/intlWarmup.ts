// Loaded on its own from the page's head, ahead of the app's scripts: see intl-warmup.worker.ts.
new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
