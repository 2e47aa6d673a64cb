import './features/public/public-page.css';
import { followTheme } from '@client/lib/theme';
import { browserZone } from '@client/lib/zone';
import { VISITOR_PENDING, type VisitorFormat, visitorText } from './features/public/visitorText';

// The public pages' only script (they are rendered on the server, and read in full without it):
// their styles (the tokens and their own stylesheet, no Bootstrap and no web font: decision 036),
// the times in the visitor's own zone, written where the page kept space for them
// (visitorText.ts), and, while an event runs, its "now playing" kept current (issue 35).

/** How often a page showing what plays now asks for itself again (a 304 while nothing changed). */
const LIVE_REFRESH_MS = 30_000;
const LIVE = '[data-live-now]';

followTheme();
const zone = browserZone();

function writeVisitorTimes(root: ParentNode) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-visitor]')) {
    time.textContent = visitorText(time.dataset.visitor as VisitorFormat, time.dateTime, zone, time.dataset.eventStart ?? time.dateTime);
  }
}

writeVisitorTimes(document);
for (const pending of document.querySelectorAll(`.${VISITOR_PENDING}`)) pending.classList.remove(VISITOR_PENDING);

/** Fetches the page again and swaps its now-playing section for the new one; stops once the event is over. */
async function followTheNight() {
  const current = document.querySelector(LIVE);
  if (!current) return;
  try {
    const response = await fetch(location.href, { headers: { accept: 'text/html' } });
    if (!response.ok) return setTimeout(followTheNight, LIVE_REFRESH_MS);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector(LIVE);
    if (!next) {
      current.remove();
      return;
    }
    writeVisitorTimes(next);
    current.replaceWith(document.importNode(next, true));
  } catch {
    // Offline for a moment: try again at the next turn.
  }
  setTimeout(followTheNight, LIVE_REFRESH_MS);
}
if (document.querySelector(LIVE)) setTimeout(followTheNight, LIVE_REFRESH_MS);
