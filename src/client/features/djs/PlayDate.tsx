import { Link } from 'react-router';
import type { DjPlay } from '@shared/schemas/djs';
import { paths } from '@shared/paths';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';

/** A play as a link to its event, dated as every staff page dates it (decision 042): 'Sun 9 Jun 2024'. */
export function PlayLink({ play, withName }: { play: DjPlay; withName?: boolean }) {
  const date = staffTime(play.startDatetime, useStaffZones(), 'day');
  return (
    <Link to={paths.event(play.eventId)} title={withName ? undefined : play.eventName}>
      {withName ? `${play.eventName} (${date})` : date}
    </Link>
  );
}
