import 'bootstrap/dist/css/bootstrap.min.css';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/app-theme.css';
import { giveEarlyTap, holdEarlyTaps } from './lib/earlyTaps';

// The browser's entry. Its scripts are evaluated in turns, the browser free between them (a tap,
// a paint): the libraries, then the shared schemas, then the app (decision 062). The page links
// every one of them, so no turn waits on the network.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start(root: HTMLElement) {
  holdEarlyTaps(root);
  try {
    await import('./app/libraries');
    await nextTask();
    await import('@shared/schemas/signup-answers');
    await nextTask();
    const { startApp } = await import('./app/startApp');
    // A tap held meanwhile goes to its button once the app has the page and what was typed before
    // it is back in the fields (a Next after the DJ's name).
    await startApp(root, () => giveEarlyTap({ replay: true }));
  } catch (error) {
    // A page whose app could not start keeps what works without it (links, sign-in's form).
    giveEarlyTap({ replay: false });
    throw error;
  }
}

void start(document.getElementById('root')!);
