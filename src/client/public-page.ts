import 'bootstrap/dist/css/bootstrap.min.css';
import './components/VinylLoader.css';
import './features/public/public.css';
import { sameClock } from '@shared/public-lineup';
import { browserZone } from '@client/lib/zone';
import { type VisitorFormat, visitorText } from './features/public/visitorText';

// The public pages' only script (they are rendered on the server, and read in full without it):
// their styles, and the times in the visitor's own zone, shown when it is not the series' clock.

const zone = browserZone();
const times = [...document.querySelectorAll<HTMLTimeElement>('time[data-visitor]')];
const seriesZone = document.body.dataset.seriesZone;
if (seriesZone && !sameClock(times.map((time) => time.dateTime), zone, seriesZone)) {
  for (const time of times) {
    time.textContent = visitorText(time.dataset.visitor as VisitorFormat, time.dateTime, zone, time.dataset.eventStart ?? time.dateTime);
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-visitor-only]')) element.hidden = false;
}
