/** A count with its noun, pluralised: '1 DJ', '2 DJs', '0 plays'. */
export const countOf = (count: number, singular: string, plural = `${singular}s`): string => `${count} ${count === 1 ? singular : plural}`;
