import { buildIfNeeded } from './build-if-needed.mjs';

// `npm start`: build what is missing, then run the server in this process.
buildIfNeeded();
await import('../dist/server/main.js');
