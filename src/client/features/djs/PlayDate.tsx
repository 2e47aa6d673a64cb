import { DateTime } from 'luxon';
import { Link } from 'react-router';
import type { DjPlay } from '@shared/schemas/djs';
import { paths } from '@shared/paths';

/** The event's date in the browser's zone, e.g. 'Jun 9, 2024'. */
export const playDate = (iso: string) => DateTime.fromISO(iso).toLocaleString(DateTime.DATE_MED);

/** A play as a link to its event. */
export function PlayLink({ play, withName }: { play: DjPlay; withName?: boolean }) {
  const date = playDate(play.startDatetime);
  return (
    <Link to={paths.event(play.eventId)} title={withName ? undefined : play.eventName}>
      {withName ? `${play.eventName} (${date})` : date}
    </Link>
  );
}
