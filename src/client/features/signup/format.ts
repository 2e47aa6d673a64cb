import { WIZARD_DURATION_OPTIONS, type SignupType } from '@shared/domain';
import { formatZonedDate } from '@shared/time';

/** The event's date and time in the DJ's zone, naming it: 'Mon 7 Dec 2026, 07:00 Sydney time'. */
export const eventDate = (startDatetime: string, zone: string) => formatZonedDate(startDatetime, zone);

export const durationLabel = (hours: number) =>
  WIZARD_DURATION_OPTIONS.find((option) => option.value === hours)?.label ?? `${hours} hours`;

export const TYPE_LABELS: Partial<Record<SignupType, string>> = { LIVE: 'Live', PRERECORD: 'Prerecord' };
