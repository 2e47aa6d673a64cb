// Loaded on its own from the page's head, ahead of the app's scripts: see intl-warmup.worker.ts.
// A classic worker (the file imports nothing), so browsers without module workers run it too.
new Worker(new URL('./intl-warmup.worker.ts', import.meta.url));
