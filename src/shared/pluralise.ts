// Counts as people read them: '1 DJ', '2 DJs', '0 slots'.

/** `count` and the noun, plural unless the count is exactly one (`plural` for irregular nouns). */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
