import 'bootstrap/dist/css/bootstrap.min.css';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/app-theme.css';
import { holdEarlyTaps } from './app/earlyTaps';

// The browser's entry. Its scripts are evaluated in turns, the browser free between them (a
// tap, a paint): the libraries, then the shared schemas, then the app (decision 060). All
// of them are linked from the page, so none waits on the network here.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  const root = document.getElementById('root')!;
  const earlyTaps = holdEarlyTaps(root);
  await import('./app/libraries');
  await nextTask();
  await import('@shared/schemas/signup-answers');
  await nextTask();
  const { startApp } = await import('./app/startApp');
  await startApp(root);
  earlyTaps.replay();
}

void start();
