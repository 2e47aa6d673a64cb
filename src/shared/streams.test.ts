import { describe, expect, it } from 'vitest';
import {
  distinctStreamLinks,
  isStreamKeyLink,
  normaliseStreamLink,
  readStreamLink,
  streamLinkProblem,
  streamSourceOf,
  twitchUsernameOf,
} from './streams.js';
import { maskStreamLink, playerLinksOf } from './stream-display.js';

// Fixtures imitate each service's documented link formats (docs/decisions/032-stream-links.md):
// - VRCDN: the playback addresses its panel lists for a stream name (RTSPT
//   `rtspt://stream.vrcdn.live/live/NAME`, RTMP `rtmp://stream.vrcdn.live/live/NAME`, MPEG-TS
//   `https://stream.vrcdn.live/live/NAME.live.ts`, FLV `….live.flv`), its preview page
//   `https://vrcdn.live/preview/NAME`, its ingest `rtmp://ingest.vrcdn.live/live` (OBS Studio's
//   "VRCDN - Live" service entry) and regional ingests (`uk.ingest.vrcdn.live`), stream keys as
//   VRCDN issues them (`NAME_sk_…`, `vrcdn_<uuid>`); and the original tool's `vrcdn:NAME`.
// - Twitch: channel pages `https://www.twitch.tv/NAME` (and m., no scheme), the broadcast URL
//   `rtmp://<ingest-server>/app/<stream-key>` of Twitch's Video Broadcast guide with ingest servers
//   like `sfo.contribute.live-video.net`, the key format of its Get Stream Key reference
//   (`live_44322889_a34ub37c8ajv98a0`); and the original tool's `twitch:NAME`.
// - YouTube: the share links of a live stream (`youtube.com/live/ID`, `watch?v=ID`, `youtu.be/ID`),
//   a channel's live page (`youtube.com/@handle/live`), and YouTube Studio's ingest
//   `rtmp://a.rtmp.youtube.com/live2` with its key in four-letter groups.
// - The original tool's literal `PRERECORD`, and recordings on the file hosts DJs use.

const NAME = 'Rex_Rhythm-2';
const PLAYBACK = `rtmp://stream.vrcdn.live/live/${NAME}`;

describe('VRCDN links, in every form a DJ pastes, are stored as the address the operator pulls', () => {
  it.each([
    `rtspt://stream.vrcdn.live/live/${NAME}`, // what VRChat's players take, VRCDN's RTSPT playback
    `rtsp://stream.vrcdn.live/live/${NAME}`,
    `rtmp://stream.vrcdn.live/live/${NAME}`, // VRCDN's RTMP playback
    `https://stream.vrcdn.live/live/${NAME}.live.ts`, // VRCDN's MPEG-TS playback (Quest players)
    `http://stream.vrcdn.live/live/${NAME}.live.ts`,
    `https://stream.vrcdn.live/live/${NAME}.live.flv`, // VRCDN's FLV playback
    `stream.vrcdn.live/live/${NAME}`,
    `  RTSPT://STREAM.VRCDN.LIVE/live/${NAME}/  `,
    `https://vrcdn.live/preview/${NAME}`, // VRCDN's preview page
    `https://panel.vrcdn.live/preview/${NAME}`,
    `rtmp://ingest.vrcdn.live/live/${NAME}`, // the ingest with the stream's own name, as hosts wrote it in the original tool
    `rtmp://uk.ingest.vrcdn.live/live/${NAME}`,
    `vrcdn:${NAME}`, // the original tool's form
    `VRCDN: ${NAME}`,
  ])('%s', (input) => {
    expect(readStreamLink(input)).toEqual({ service: 'vrcdn', link: PLAYBACK, name: NAME, privateKey: false });
    expect(streamSourceOf(input)).toEqual({ streamSourceType: 'VRCDN', streamSourceUrl: PLAYBACK });
    expect(streamLinkProblem(normaliseStreamLink(input), 'The stream link')).toBeNull();
  });

  it('offers each player its form of the same stream', () => {
    expect(playerLinksOf(`vrcdn:${NAME}`)).toEqual([
      { player: 'OBS / RTMP', link: PLAYBACK },
      { player: 'VRChat player', link: `rtspt://stream.vrcdn.live/live/${NAME}` },
      { player: 'MPEG-TS (Quest)', link: `https://stream.vrcdn.live/live/${NAME}.live.ts` },
    ]);
    expect(playerLinksOf('https://twitch.tv/owl')).toEqual([{ player: 'Stream', link: 'https://twitch.tv/owl' }]);
    expect(playerLinksOf('PRERECORD')).toEqual([]);
  });
});

describe('Twitch channels are stored as https://twitch.tv/name', () => {
  it.each(['https://www.twitch.tv/DJ_Rex', 'http://twitch.tv/dj_rex/', 'twitch.tv/DJ_Rex', 'm.twitch.tv/dj_rex?x=1', 'https://www.twitch.tv/dj_rex/videos', 'DJ_Rex', '@dj_rex', 'twitch:DJ_Rex', 'Twitch: @dj_rex'])(
    '%s',
    (spelling) => {
      expect(normaliseStreamLink(spelling)).toBe('https://twitch.tv/dj_rex');
      expect(twitchUsernameOf(spelling)).toBe('dj_rex');
      expect(streamSourceOf(spelling).streamSourceType).toBe('TWITCH');
    },
  );

  it('finds no channel in other links or in twitch.tv pages that are not channels', () => {
    expect(twitchUsernameOf('rtmp://stream.vrcdn.live/live/owl')).toBeNull();
    expect(twitchUsernameOf('vrcdn:owl')).toBeNull();
    expect(twitchUsernameOf('https://www.twitch.tv/directory')).toBeNull();
    expect(twitchUsernameOf('PRERECORD')).toBeNull();
    expect(twitchUsernameOf('n/a')).toBeNull();
  });
});

describe('YouTube live links', () => {
  it.each([
    'https://www.youtube.com/live/dQw4w9WgXcQ?si=share', // the share link of a live stream
    'https://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'youtube.com/live/dQw4w9WgXcQ',
  ])('%s is the video\'s watch link', (input) => {
    expect(normaliseStreamLink(input)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(streamSourceOf(input)).toEqual({ streamSourceType: 'MANUAL', streamSourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('takes a channel\'s live page', () => {
    expect(normaliseStreamLink('https://www.youtube.com/@NightOwlDJ')).toBe('https://www.youtube.com/@NightOwlDJ/live');
    expect(normaliseStreamLink('youtube.com/channel/UCabcdefghijklmnopqrstuv/live')).toBe('https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/live');
  });
});

describe('prerecords', () => {
  it('reads the original tool\'s PRERECORD as a prerecord without a link', () => {
    for (const marker of ['PRERECORD', 'prerecord', 'Prerecorded', 'pre-record']) {
      expect(readStreamLink(marker)).toEqual({ service: 'prerecord', link: '', privateKey: false });
      expect(streamSourceOf(marker)).toEqual({ streamSourceType: 'PRERECORD', streamSourceUrl: '' });
    }
  });

  it.each([
    'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing', // Google Drive's share link
    'https://www.dropbox.com/scl/fi/abc123/rex-set.wav?rlkey=xyz&dl=0', // Dropbox's share link
    'https://files.example.org/sets/rex.mp3',
  ])('keeps a recording\'s link as given, a prerecord source: %s', (input) => {
    expect(readStreamLink(input)).toMatchObject({ service: 'recording', link: input, privateKey: false });
    expect(streamSourceOf(input)).toEqual({ streamSourceType: 'PRERECORD', streamSourceUrl: input });
  });

  it('keeps a declared prerecord a prerecord, whatever its link', () => {
    expect(streamSourceOf('https://example.org/watch', 'PRERECORD')).toEqual({ streamSourceType: 'PRERECORD', streamSourceUrl: 'https://example.org/watch' });
  });
});

describe('other links', () => {
  it('are kept as typed, their type from their scheme unless one is declared', () => {
    expect(streamSourceOf('rtmp://live.example.org/app/rex')).toEqual({ streamSourceType: 'RTMP', streamSourceUrl: 'rtmp://live.example.org/app/rex' });
    expect(streamSourceOf('srt://a.example:9000?streamid=x')).toEqual({ streamSourceType: 'RTMP', streamSourceUrl: 'srt://a.example:9000?streamid=x' });
    expect(streamSourceOf('rtspt://topaz.chat/live/rex')).toEqual({ streamSourceType: 'RTMP', streamSourceUrl: 'rtspt://topaz.chat/live/rex' });
    expect(streamSourceOf('https://example.org/stream.m3u8')).toEqual({ streamSourceType: 'MANUAL', streamSourceUrl: 'https://example.org/stream.m3u8' });
    expect(streamSourceOf('https://example.org/stream.m3u8', 'RTMP')).toEqual({ streamSourceType: 'RTMP', streamSourceUrl: 'https://example.org/stream.m3u8' });
  });

  it('reads what spreadsheets write for "no link" as none', () => {
    for (const none of ['', '  ', '-', 'n/a', 'N/A', 'none', 'TBD']) expect(normaliseStreamLink(none)).toBe('');
  });

  it('refuses what no stream comes from, saying what is accepted', () => {
    const accepted =
      'The stream link must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.';
    for (const refused of ['http://example.org/stream', 'javascript:alert(1)', 'not a link at all', 'ftp://files.example.org/set.mp3', 'vrcdn:', 'srt://:9000']) {
      expect(streamLinkProblem(normaliseStreamLink(refused), 'The stream link'), refused).toBe(accepted);
    }
    expect(streamLinkProblem('', 'The stream link')).toBeNull();
  });
});

describe('stream keys', () => {
  it.each([
    ['VRCDN, its key on the ingest', 'rtmp://ingest.vrcdn.live/live/rex_sk_8f3kq0vz7m1x', 'rtmp://ingest.vrcdn.live/live/rex_sk_••••'],
    ['VRCDN, as the issue saw it', 'rtmp://ingest.vrcdn.com/live/name_sk_abcdef123456', 'rtmp://ingest.vrcdn.com/live/name_sk_••••'],
    ['VRCDN, a key of the vrcdn_ form', 'rtmp://uk.ingest.vrcdn.live/live/vrcdn_0f8fad5b-d9cb-469f-a165-70867728950e', 'rtmp://uk.ingest.vrcdn.live/live/vrcdn_••••'],
    ['Twitch, the Get Stream Key example', 'rtmp://sfo.contribute.live-video.net/app/live_44322889_a34ub37c8ajv98a0', 'rtmp://sfo.contribute.live-video.net/app/live_44322889_••••'],
    ['Twitch, the classic ingest', 'rtmp://live.twitch.tv/app/live_44322889_a34ub37c8ajv98a0', 'rtmp://live.twitch.tv/app/live_44322889_••••'],
    ['YouTube Studio', 'rtmp://a.rtmp.youtube.com/live2/abcd-efgh-ijkl-mnop-qrst', 'rtmp://a.rtmp.youtube.com/live2/••••'],
    ['an ingest host with any key', 'rtmps://ingest.example.org/live/rex', 'rtmps://ingest.example.org/live/••••'],
    ['a random token on any RTMP server', 'rtmp://live.example.org/app/k9Qz2Lm8Xp4Rt7Wv', 'rtmp://live.example.org/app/••••'],
    ['a secret query parameter', 'srt://srt.example.org:9000?streamid=rex&passphrase=hunter22hunter22', 'srt://srt.example.org:9000?streamid=rex&passphrase=••••'],
  ])('%s: flagged and masked', (_what, link, masked) => {
    expect(isStreamKeyLink(link)).toBe(true);
    expect(readStreamLink(link)?.privateKey).toBe(true);
    // Kept as given, so nothing the DJ said is lost; never turned into a playback address.
    expect(normaliseStreamLink(link)).toBe(link);
    expect(maskStreamLink(link)).toBe(masked);
    const secret = link.split(/[/=_]/).at(-1)!;
    expect(maskStreamLink(link)).not.toContain(secret);
  });

  it.each([PLAYBACK, `rtspt://stream.vrcdn.live/live/${NAME}`, 'rtmp://live.example.org/app/rex', 'https://twitch.tv/dj_rex', 'srt://a.example:9000?streamid=x', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'rtmp://ingest.vrcdn.live/live'])(
    'leaves a playback link alone: %s',
    (link) => {
      expect(isStreamKeyLink(link)).toBe(false);
      expect(maskStreamLink(link)).toBe(link);
    },
  );
});

describe('distinctStreamLinks', () => {
  it('keeps the first of each link in its one form, drops empty ones and keys, and stops at the limit', () => {
    expect(distinctStreamLinks(['twitch.tv/Owl', '', 'rtmp://ingest.vrcdn.live/live/owl_sk_abc123def', 'vrcdn:k', 'owl', 'https://www.twitch.tv/owl/', 'rtspt://stream.vrcdn.live/live/k'])).toEqual([
      'https://twitch.tv/owl',
      'rtmp://stream.vrcdn.live/live/k',
    ]);
    const many = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'].map((name) => `rtmp://live.example.org/${name}`);
    expect(distinctStreamLinks(many)).toEqual(many.slice(0, 5));
    expect(distinctStreamLinks(many, 2)).toEqual(many.slice(0, 2));
  });
});
