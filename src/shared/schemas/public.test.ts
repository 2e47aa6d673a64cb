import { describe, expect, it } from 'vitest';
import { zoneListSchema } from './public.js';

describe('zoneListSchema', () => {
  it('puts every zone in its one spelling, once, keeping the order asked for', () => {
    expect(zoneListSchema.parse('europe/london, AUSTRALIA/SYDNEY,Europe/London')).toEqual(['Europe/London', 'Australia/Sydney']);
    expect(zoneListSchema.parse('Australia/Sydney,Europe/London')).toEqual(['Australia/Sydney', 'Europe/London']);
    expect(zoneListSchema.parse('america/new_york')).toEqual(['America/New_York']);
    expect(zoneListSchema.parse(' , ')).toEqual([]);
  });

  it('names the zones it does not know, and refuses more than five', () => {
    const unknown = zoneListSchema.safeParse('Europe/London,Mars/Olympus');
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe('Unknown time zone: Mars/Olympus. Use IANA names like Europe/London, separated by commas.');
    expect(zoneListSchema.safeParse('UTC,Europe/London,Europe/Paris,Asia/Tokyo,America/Denver,Africa/Lagos').success).toBe(false);
  });
});
