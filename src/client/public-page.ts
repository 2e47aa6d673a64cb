import './features/public/public-page.css';
import { followTheme } from '@client/lib/theme';
import { browserZone } from '@client/lib/zone';
import { VISITOR_PENDING, type VisitorFormat, visitorText } from './features/public/visitorText';

// The public pages' only script (they are rendered on the server, and read in full without it):
// their styles (the tokens and their own stylesheet, no Bootstrap and no web font: decision 036),
// and the times in the visitor's own zone, written where the page kept space for them
// (visitorText.ts).

followTheme();
const zone = browserZone();
for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-visitor]')) {
  time.textContent = visitorText(time.dataset.visitor as VisitorFormat, time.dateTime, zone, time.dataset.eventStart ?? time.dateTime);
}
for (const pending of document.querySelectorAll(`.${VISITOR_PENDING}`)) pending.classList.remove(VISITOR_PENDING);
