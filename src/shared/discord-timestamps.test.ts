import { describe, expect, it } from 'vitest';
import { discordTimestamp, withTimestampsShown } from './discord-timestamps.js';

// Run under TZ=UTC: the reader's zone is given, never the machine's.
const SUMMER = Date.parse('2024-06-09T19:00:00.000Z') / 1000; // Sunday 9 June 2024, 20:00 BST
const WINTER = Date.parse('2024-12-08T20:00:00.000Z') / 1000; // Sunday 8 December 2024, 20:00 GMT
const inLondon = { zone: 'Europe/London', locale: 'en-GB', now: Date.parse('2024-06-06T19:00:00.000Z') };
const inNewYork = { zone: 'America/New_York', locale: 'en-US', now: Date.parse('2024-06-06T19:00:00.000Z') };

describe('a Discord timestamp tag as its reader sees it', () => {
  it('in their own zone, London summer and winter', () => {
    expect(discordTimestamp(SUMMER, 't', inLondon)).toBe('20:00');
    expect(discordTimestamp(WINTER, 't', inLondon)).toBe('20:00');
    expect(discordTimestamp(SUMMER, 't', inNewYork)).toMatch(/^3:00\sPM$/);
    expect(discordTimestamp(WINTER, 't', inNewYork)).toMatch(/^3:00\sPM$/);
  });

  it('in each of Discord\'s styles', () => {
    // ICU versions differ on the comma after the weekday and on ' at ' or ', ' before the time.
    expect(discordTimestamp(SUMMER, 'F', inLondon)).toMatch(/^Sunday,? 9 June 2024(,| at) 20:00$/);
    expect(discordTimestamp(SUMMER, 'f', inLondon)).toMatch(/^9 June 2024(,| at) 20:00$/);
    expect(discordTimestamp(SUMMER, 'D', inLondon)).toBe('9 June 2024');
    expect(discordTimestamp(SUMMER, 'd', inLondon)).toBe('09/06/2024');
    expect(discordTimestamp(SUMMER, 'T', inLondon)).toBe('20:00:00');
    expect(discordTimestamp(SUMMER, 'R', inLondon)).toBe('in 3 days');
    expect(discordTimestamp(SUMMER - 3 * 86_400 - 2 * 3_600, 'R', inLondon)).toBe('2 hours ago');
  });

  it('a text keeps what it says, each tag beside what is shown for it', () => {
    expect(withTimestampsShown(`Event start: <t:${SUMMER}:F>\n<t:${SUMMER}:t> : Rex <t:${SUMMER}>`, inLondon)).toEqual([
      { text: 'Event start: ' },
      { tag: `<t:${SUMMER}:F>`, shown: discordTimestamp(SUMMER, 'F', inLondon) },
      { text: '\n' },
      { tag: `<t:${SUMMER}:t>`, shown: '20:00' },
      { text: ' : Rex ' },
      { tag: `<t:${SUMMER}>`, shown: discordTimestamp(SUMMER, 'f', inLondon) },
    ]);
    expect(withTimestampsShown('No tags, <t:abc:t> either', inLondon)).toEqual([{ text: 'No tags, <t:abc:t> either' }]);
  });
});
