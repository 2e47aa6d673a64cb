import { describe, expect, it } from 'vitest';
import { distinctStreamLinks, normaliseStreamLink, streamSourceOf, twitchUsernameOf } from './streams.js';

describe('normaliseStreamLink', () => {
  it('writes Twitch channels one way, bare usernames included', () => {
    for (const spelling of ['https://www.twitch.tv/DJ_Rex', 'http://twitch.tv/dj_rex/', 'twitch.tv/DJ_Rex', 'm.twitch.tv/dj_rex?x=1', 'DJ_Rex', '@dj_rex']) {
      expect(normaliseStreamLink(spelling), spelling).toBe('https://twitch.tv/dj_rex');
    }
  });

  it('gives VRCDN links their scheme and a lower-case host, keeping the key as typed', () => {
    expect(normaliseStreamLink('stream.VRCDN.live/live/RexKey')).toBe('rtmp://stream.vrcdn.live/live/RexKey');
    expect(normaliseStreamLink('rtmps://ingest.vrcdn.live/live/k')).toBe('rtmps://ingest.vrcdn.live/live/k');
    expect(normaliseStreamLink('  rtmp://stream.vrcdn.live/live/k  ')).toBe('rtmp://stream.vrcdn.live/live/k');
  });

  it('leaves everything else as typed', () => {
    expect(normaliseStreamLink('rtmp://live.example.org/app/key')).toBe('rtmp://live.example.org/app/key');
    expect(normaliseStreamLink('https://youtube.com/watch?v=x')).toBe('https://youtube.com/watch?v=x');
    expect(normaliseStreamLink('not a link at all')).toBe('not a link at all');
    expect(normaliseStreamLink('')).toBe('');
  });
});

describe('twitchUsernameOf', () => {
  it('finds the name in a link or an @name, and nothing in other links', () => {
    expect(twitchUsernameOf('https://www.twitch.tv/Night_Owl')).toBe('night_owl');
    expect(twitchUsernameOf('@Night_Owl')).toBe('night_owl');
    expect(twitchUsernameOf('rtmp://stream.vrcdn.live/live/owl')).toBeNull();
  });
});

describe('streamSourceOf', () => {
  it('picks the source type from the link', () => {
    expect(streamSourceOf('twitch.tv/Owl')).toEqual({ streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/owl' });
    expect(streamSourceOf('stream.vrcdn.live/live/owl')).toEqual({ streamSourceType: 'VRCDN', streamSourceUrl: 'rtmp://stream.vrcdn.live/live/owl' });
    expect(streamSourceOf('srt://a.example:9000?streamid=x')).toEqual({ streamSourceType: 'RTMP', streamSourceUrl: 'srt://a.example:9000?streamid=x' });
    expect(streamSourceOf('https://example.org/stream.m3u8')).toEqual({ streamSourceType: 'MANUAL', streamSourceUrl: 'https://example.org/stream.m3u8' });
  });
});

describe('distinctStreamLinks', () => {
  it('keeps the first of each link in its one form, drops empty ones, and stops at the limit', () => {
    expect(distinctStreamLinks(['twitch.tv/Owl', '', 'rtmp://stream.vrcdn.live/live/k', 'owl', 'https://www.twitch.tv/owl/', '  '])).toEqual([
      'https://twitch.tv/owl',
      'rtmp://stream.vrcdn.live/live/k',
    ]);
    const many = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'].map((name) => `rtmp://live.example.org/${name}`);
    expect(distinctStreamLinks(many)).toEqual(many.slice(0, 5));
    expect(distinctStreamLinks(many, 2)).toEqual(many.slice(0, 2));
  });
});
