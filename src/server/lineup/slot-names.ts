import { slotName } from '@shared/lineup.js';

// A slot's name as every page shows it (shared/lineup.ts slotName), read in SQL: a query over
// slots left-joins `signups` on the slot's signup and `djs as legacy_dj` on its legacy DJ, and
// selects these columns.

export const SLOT_NAME_COLUMNS = [
  'signups.name as signup_name',
  'slots.legacy_dj_name',
  'legacy_dj.dj_name as legacy_dj_dj_name',
  'legacy_dj.public_name as legacy_dj_public_name',
] as const;

interface SlotNameColumns {
  signup_name: string | null;
  legacy_dj_name: string | null;
  legacy_dj_dj_name: string | null;
  legacy_dj_public_name: string | null;
}

export const slotNameOf = (row: SlotNameColumns): string | null =>
  slotName(row.signup_name, {
    djName: row.legacy_dj_name,
    dj: row.legacy_dj_dj_name === null ? null : { djName: row.legacy_dj_dj_name, publicName: row.legacy_dj_public_name ?? '' },
  });
