import { DISCORD_ID_MESSAGE, djInputSchema, djToInput, EMPTY_DJ_INPUT } from './djs.js';

const valid = {
  discordId: '123456789012345678',
  publicName: 'Night Owl',
  djName: 'DJ Owl',
  rtmpUrl: '',
  twitchUsername: '',
};

const messagesFor = (input: unknown) => {
  const result = djInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('djInputSchema', () => {
  test('accepts a minimal DJ and trims text', () => {
    expect(djInputSchema.parse({ ...valid, publicName: '  Night Owl ', discordId: ' 12345678901234567 ' })).toEqual({
      ...valid,
      discordId: '12345678901234567',
    });
  });

  test.each([
    ['16 digits', '1234567890123456'],
    ['letters', '1234567890123456a7'],
    ['a username', 'night_owl#1234'],
    ['a negative number', '-12345678901234567'],
  ])('refuses a Discord ID with %s with exactly the spec message, once', (_label, discordId) => {
    expect(messagesFor({ ...valid, discordId })).toEqual([`discordId: ${DISCORD_ID_MESSAGE}`]);
  });

  test('accepts 17 to 20 digits and refuses more', () => {
    expect(messagesFor({ ...valid, discordId: '1'.repeat(17) })).toEqual([]);
    expect(messagesFor({ ...valid, discordId: '1'.repeat(20) })).toEqual([]);
    expect(messagesFor({ ...valid, discordId: '1'.repeat(21) })).toEqual(['discordId: A Discord ID is at most 20 digits long.']);
  });

  test('requires the Discord ID, public name and Dj Name', () => {
    expect(messagesFor(EMPTY_DJ_INPUT)).toEqual([
      'discordId: Discord ID is required.',
      'publicName: Public name is required.',
      'djName: Dj Name is required.',
    ]);
  });

  test('stream URL and Twitch username are optional but checked when given', () => {
    expect(djInputSchema.parse({ ...valid, rtmpUrl: 'rtmp://stream.vrcdn.live/live/owl', twitchUsername: '@owl_beats' })).toMatchObject({
      rtmpUrl: 'rtmp://stream.vrcdn.live/live/owl',
      twitchUsername: 'owl_beats',
    });
    const accepted =
      'Stream URL must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.';
    expect(messagesFor({ ...valid, rtmpUrl: 'owl stream' })).toEqual([`rtmpUrl: ${accepted}`]);
    expect(messagesFor({ ...valid, rtmpUrl: 'javascript:alert(1)' })).toEqual([`rtmpUrl: ${accepted}`]);
    expect(messagesFor({ ...valid, djName: 'Owl\n@here' })).toEqual(['djName: Dj Name must be one line, without line breaks or control characters.']);
    expect(messagesFor({ ...valid, twitchUsername: 'owl beats' })).toEqual([
      'twitchUsername: Twitch username may contain only letters, digits and underscores.',
    ]);
    expect(messagesFor({ ...valid, twitchUsername: 'x'.repeat(26) })).toHaveLength(1);
  });

  test('keeps stream links in their one form and takes a Twitch username from a pasted channel link', () => {
    expect(djInputSchema.parse({ ...valid, rtmpUrl: ' stream.VRCDN.live/live/Owl ', twitchUsername: 'https://www.twitch.tv/Owl_Beats' })).toMatchObject({
      rtmpUrl: 'rtmp://stream.vrcdn.live/live/Owl',
      twitchUsername: 'owl_beats',
    });
    expect(djInputSchema.parse({ ...valid, rtmpUrl: 'twitch.tv/owl_beats' }).rtmpUrl).toBe('https://twitch.tv/owl_beats');
    // The roster's VRCDN/RTMP column as the original tool and DJs wrote it.
    for (const vrcdn of ['rtspt://stream.vrcdn.live/live/Owl', 'vrcdn:Owl', 'https://stream.vrcdn.live/live/Owl.live.ts', 'rtmp://ingest.vrcdn.live/live/Owl']) {
      expect(djInputSchema.parse({ ...valid, rtmpUrl: vrcdn }).rtmpUrl).toBe('rtmp://stream.vrcdn.live/live/Owl');
    }
    expect(djInputSchema.parse({ ...valid, twitchUsername: 'twitch:Owl_Beats' }).twitchUsername).toBe('owl_beats');
    expect(messagesFor({ ...valid, twitchUsername: 'https://example.org/owl' })).toEqual([
      'twitchUsername: Twitch username may contain only letters, digits and underscores.',
    ]);
  });

  test('djToInput turns a stored DJ (maybe without Discord ID) into form values', () => {
    expect(
      djToInput({ id: 'a', discordId: null, publicName: 'P', djName: 'D', rtmpUrl: 'r', twitchUsername: 't', avatarUrl: null, notes: 'n' }),
    ).toEqual({ discordId: '', publicName: 'P', djName: 'D', rtmpUrl: 'r', twitchUsername: 't' });
  });
});
