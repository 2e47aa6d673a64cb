/** The browser's IANA time zone: staff screens show times in it unless the spec names London. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
