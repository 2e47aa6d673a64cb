// Lengths in hours (spec §4: a slot lasts requested_duration hours), with no date library, so a
// page that only says how long something lasts does not load one.
import { DEFAULT_SLOT_HOURS } from './domain.js';

/** Hours; 0 ('None' in the staff editor) is a real choice, anything not a number is the default. */
export function validHours(hours: number | null | undefined): number {
  return typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? hours : DEFAULT_SLOT_HOURS;
}

/** A length in hours as people say it: '30 min', '1 h', '1 h 15 min'. */
export function formatHours(hours: number): string {
  const minutes = Math.round(validHours(hours) * 60);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** formatHours kept on one line in running text ('1\u00A0h'). */
export const hoursOnOneLine = (hours: number): string => formatHours(hours).replaceAll(' ', '\u00A0');
