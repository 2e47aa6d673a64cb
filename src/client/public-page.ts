import './features/public/public-page.css';
import { followTheme } from '@client/lib/theme';
import { browserZone } from '@client/lib/zone';
import { VISITOR_PENDING, type VisitorFormat, visitorText } from './features/public/visitorText';

// The public pages' only script (they are rendered on the server, and read in full without it):
// their styles (the tokens and their own stylesheet, no Bootstrap and no web font: decision 036),
// the times in the visitor's own zone, written where the page kept space for them
// (visitorText.ts), and, while an event runs, its "now playing" kept current (issue 35).

/** How often a page following the night asks for itself again (a 304 while nothing changed). */
const LIVE_REFRESH_MS = 30_000;
/** A page opened before the event starts asking this long before its start (clocks differ a little)… */
const AHEAD_MS = 5 * 60_000;
/** …and, opened days before, once a day until then (a timer holds at most 24.8 days). */
const DAY_MS = 86_400_000;
const LIVE = '[data-live-now]';
/** A published event that will run: from when to when to follow the night (PublicLineupView). */
const NIGHT = '[data-live-until]';

followTheme();
const zone = browserZone();

function writeVisitorTimes(root: ParentNode) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-visitor]')) {
    time.textContent = visitorText(time.dataset.visitor as VisitorFormat, time.dateTime, zone, time.dataset.eventStart ?? time.dateTime);
  }
}

writeVisitorTimes(document);
for (const pending of document.querySelectorAll(`.${VISITOR_PENDING}`)) pending.classList.remove(VISITOR_PENDING);

/**
 * Asks for the page again at the next turn while its event has not ended: every 30 s while it
 * shows "On air", else from a few minutes before the start (so a page opened early picks up
 * "now playing" when the night begins). `page` is the latest copy of the page, whose times count.
 */
function followTheNight(page: ParentNode) {
  const night = page.querySelector<HTMLElement>(NIGHT)?.dataset;
  if (!night) return;
  const now = Date.now();
  if (!document.querySelector(LIVE) && now > Date.parse(night.liveUntil!)) return;
  setTimeout(refresh, Math.min(DAY_MS, Math.max(LIVE_REFRESH_MS, Date.parse(night.liveFrom!) - AHEAD_MS - now)));
}

/** Fetches the page again and puts its now-playing section in place of the shown one (or removes it once the event is over). */
async function refresh() {
  let next: Document | undefined;
  try {
    const response = await fetch(location.href, { headers: { accept: 'text/html' } });
    if (response.ok) next = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    // Offline for a moment: try again at the next turn.
  }
  const current = document.querySelector(LIVE);
  const section = next?.querySelector(LIVE);
  if (section) {
    writeVisitorTimes(section);
    const node = document.importNode(section, true);
    if (current) current.replaceWith(node);
    else document.querySelector('.public-poster')?.after(node);
  } else if (next) current?.remove();
  followTheNight(next ?? document);
}
followTheNight(document);
