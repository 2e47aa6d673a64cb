import { WIZARD_DURATION_OPTIONS, type SignupType } from '@shared/domain';
import { formatEventDate } from '@shared/time';

export const eventDate = (startDatetime: string, zone: string) => formatEventDate(startDatetime, zone);

export const durationLabel = (hours: number) =>
  WIZARD_DURATION_OPTIONS.find((option) => option.value === hours)?.label ?? `${hours} hours`;

export const TYPE_LABELS: Partial<Record<SignupType, string>> = { LIVE: 'Live', PRERECORD: 'Prerecord' };
