import { formatZonedDate } from '@shared/time';

/** The event's date and time in the DJ's zone, naming it: 'Mon 7 Dec 2026, 07:00 Sydney time'. */
export const eventDate = (startDatetime: string, zone: string) => formatZonedDate(startDatetime, zone);
