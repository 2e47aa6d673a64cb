import 'bootstrap/dist/css/bootstrap.min.css';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/app-theme.css';
import { holdEarlyTaps } from './app/earlyTaps';
import { browserZone } from './lib/zone';

// The browser's entry. Its scripts are evaluated in turns, the browser free between them (a
// tap, a paint): the libraries, then the shared schemas, then the app (decision 060). All
// of them are linked from the page, so none waits on the network here.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  const root = document.getElementById('root')!;
  const earlyTaps = holdEarlyTaps(root);
  // A page the app draws itself (staff screens, a DJ's Home) shows times, and the browser's first
  // date formatter loads its zone data (about 28 ms): asked now, while the page's scripts are still
  // on their way, it is not paid in the middle of drawing. Sign-in, rendered by the server, shows none.
  if (!root.hasChildNodes()) browserZone();
  try {
    await import('./app/libraries');
    await nextTask();
    await import('@shared/schemas/signup-answers');
    await nextTask();
    const { startApp } = await import('./app/startApp');
    await startApp(root, earlyTaps.replay);
  } catch (error) {
    // A page whose app could not start keeps what works without it (links, sign-in's form).
    earlyTaps.release();
    throw error;
  }
}

void start();
