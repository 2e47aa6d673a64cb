/** '1 DJ', '2 DJs'. */
export const djCount = (count: number) => `${count} ${count === 1 ? 'DJ' : 'DJs'}`;
