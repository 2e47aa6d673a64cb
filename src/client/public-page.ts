import 'bootstrap/dist/css/bootstrap.min.css';
import './components/VinylLoader.css';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './features/public/public.css';
import { followTheme } from '@client/lib/theme';
import { browserZone } from '@client/lib/zone';
import { VISITOR_PENDING, type VisitorFormat, visitorText } from './features/public/visitorText';

// The public pages' only script (they are rendered on the server, and read in full without it):
// their styles, and the times in the visitor's own zone, written where the page kept space for
// them (visitorText.ts).

followTheme();
const zone = browserZone();
for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-visitor]')) {
  time.textContent = visitorText(time.dataset.visitor as VisitorFormat, time.dateTime, zone, time.dataset.eventStart ?? time.dateTime);
}
for (const pending of document.querySelectorAll(`.${VISITOR_PENDING}`)) pending.classList.remove(VISITOR_PENDING);
