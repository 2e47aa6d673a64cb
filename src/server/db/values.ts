import type { Flag } from './schema.js';

// The dialect-neutral conversions every repository uses (see docs/decisions/002-storage-types.md).

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === 1 || value === true;

export const toMillis = (iso: string): number => new Date(iso).getTime();
export const toIso = (millis: number | string): string => new Date(Number(millis)).toISOString();

/** count(*) is a string on some drivers. */
export const toCount = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);
