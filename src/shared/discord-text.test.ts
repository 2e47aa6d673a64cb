import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discordName, NEUTRALISER, neutralise } from './discord-text.js';
import {
  discordAnnouncement,
  signupSheetMessage,
  socialAnnouncement,
  verifyLineupMessage,
  type AnnouncementEvent,
} from './announcements.js';
import type { Dj } from './schemas/djs.js';
import type { Signup, Slot } from './schemas/lineup.js';
import { buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

/** A footer with community links, as staff write one. */
const FOOTER = 'Join the community: https://discord.gg/our-community\nFollow the streams: https://twitch.tv/our-community';

// User text in every generated text (announcements.ts) cannot ping anyone or format the
// message: examples of what neutralise() writes, then properties over all four text builders.

const Z = NEUTRALISER; // U+200D ZERO WIDTH JOINER

// ---- what "live" means ------------------------------------------------------------------
//
// Read conservatively: each rule matches at least everything Discord itself would act on.
// - mass mention: '@everyone' or '@here', any letter case, anywhere (Discord pings them even
//   after other characters). The app never writes one, so none may appear.
// - mention: a '<' directly followed by '@', '#' or '/' opens a user (<@id>, <@!id>), role
//   (<@&id>), channel (<#id>) or command (</name:id>) mention. Each one must be a token the
//   app wrote itself: '<@digits>' (a DJ's stored Discord id) or '<@&digits>' (a configured
//   role id), and exactly the tokens the app writes for the same event with harmless names.
//   (Timestamp tags <t:…> ping nobody and are not mentions.)
// - heading: a line (split at any line break a client might honour) whose first characters,
//   after whitespace and quote or list markers (> * + - digits . )), are #, ##, ### or -#
//   followed by whitespace or the end of the line.
// - masked link: ']' directly followed by '(', which [text](url) and [text](<url>) both need.
//   The app never writes one.

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
const MASS_MENTION = /@(?:everyone|here)/i;
const MENTION_OPEN = /<[@#/]/g;
const APP_MENTION = /^<@&?\d+>/;
const HEADING_LINE = /^[\s>*+\-\d.)]*(?:#{1,3}|-#)(?:\s|$)/;
const MASKED_LINK = /\]\(/;

/** The live mention tokens of `text`, or null when a mention is not of the app's shape. */
function liveMentions(text: string): string[] | null {
  const tokens: string[] = [];
  for (const match of text.matchAll(MENTION_OPEN)) {
    const token = APP_MENTION.exec(text.slice(match.index))?.[0];
    if (!token) return null;
    tokens.push(token);
  }
  return tokens.sort();
}

/** Everything live in `text` that should not be; [] when it is safe. */
function liveProblems(text: string, allowed: { userMentions: string[]; roleMentions: string[] }): string[] {
  const problems: string[] = [];
  if (MASS_MENTION.test(text)) problems.push('live @everyone/@here');
  const mentions = liveMentions(text);
  if (mentions === null) problems.push('live mention the app did not write');
  for (const token of mentions ?? []) {
    const role = /^<@&(\d+)>$/.exec(token)?.[1];
    const user = /^<@(\d+)>$/.exec(token)?.[1];
    if (role !== undefined ? !allowed.roleMentions.includes(role) : !allowed.userMentions.includes(user!)) {
      problems.push(`live mention ${token} of an id the app does not know`);
    }
  }
  for (const line of text.split(LINE_BREAK)) if (HEADING_LINE.test(line)) problems.push(`heading line ${JSON.stringify(line)}`);
  if (MASKED_LINK.test(text)) problems.push('live masked link');
  return problems;
}

// ---- generators -------------------------------------------------------------------------

const DANGEROUS_PIECES = [
  '@everyone', '@here', '@EVERYONE', '@Here', 'x@here', '@', 'everyone', 'here',
  '<@', '<@!', '<@&', '<#', '</', '<', '>', '<@100000000000000001>', '<@!100000000000000002>',
  '<@&200000000000000001>', '<#300000000000000001>', '</lineup:400000000000000001>', '<t:1717959600:F>',
  '#', '##', '###', '####', '-#', '# ', '-# ', '> ', '>>> ', '- ', '* ', '1. ', ' ', '\t',
  '[x](https://e.x)', '[x](<https://e.x>)', '[', ']', '(', ')', '](',
  '\n', '\r\n', '\r', '\v', '\u0085', '\u2028', '\u2029', Z, '\u200B', '\u202E',
  'https://discord.gg/x', 'DJ', 'x', '1', 'é', '名', '👩🏽‍🎤',
  '*', '**', '***', '_', '__', 'a_b', '~', '~~', '|', '||', '`', '```', '\\', '\\*', '>', '- ', '+ ', '2) ',
  '<t:0:R>', '<:pepe:1>', '<a:x:1>',
];

/** Text a person might type, biased toward the pieces that would ping or format. */
const userText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { arbitrary: fc.constantFrom(...DANGEROUS_PIECES), weight: 4 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 4 }), weight: 1 },
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

describe('neutralise: what a neutralised text looks like', () => {
  it.each([
    ['@everyone', `@${Z}everyone`],
    ['@here', `@${Z}here`],
    ['Party @EVERYONE and @Here', `Party @${Z}EVERYONE and @${Z}Here`],
    ['mid@everyone-word', `mid@${Z}everyone-word`],
    ['<@123456789012345678>', `<${Z}@123456789012345678>`],
    ['<@!123456789012345678>', `<${Z}@!123456789012345678>`],
    ['<@&123456789012345678>', `<${Z}@&123456789012345678>`],
    ['<#123456789012345678>', `<${Z}#123456789012345678>`],
    ['</lineup:123456789012345678>', `<${Z}/lineup:123456789012345678>`],
    ['<@everyone>', `<${Z}@${Z}everyone>`],
    ['# Big news', `${Z}# Big news`],
    ['### Small', `${Z}### Small`],
    ['-# subtext', `${Z}-# subtext`],
    ['  ## indented', `  ${Z}## indented`],
    ['> # quoted', `> ${Z}# quoted`],
    ['- # listed', `- ${Z}# listed`],
    ['first line\n# second', `first line\n${Z}# second`],
    ['[free tickets](https://evil.example)', `[free tickets]${Z}(https://evil.example)`],
    ['[free tickets](<https://evil.example>)', `[free tickets]${Z}(<https://evil.example>)`],
  ])('%j becomes %j', (input, expected) => {
    expect(neutralise(input)).toBe(expected);
  });

  it.each([
    'DJ Alpha',
    'Beta & Gamma',
    'Late *Night* <3',
    '<img src=x onerror=alert(1)>',
    'DJ @lpha',
    'booking: me@example.org',
    'every one @ here',
    '#1 Fan',
    'C# Minor',
    '#### four hashes',
    '-#nospace',
    '[Live] (from Berlin)',
    'Ünïcödé 👩🏽‍🎤 名前',
    'https://discord.gg/your-community',
    FOOTER,
    '',
  ])('leaves %j byte-identical', (input) => {
    expect(neutralise(input)).toBe(input);
  });

  it('keeps plain URLs usable as plain URLs', () => {
    const text = neutralise('Join: https://discord.gg/abc and [rules](https://e.x/rules)');
    expect(text).toContain('https://discord.gg/abc');
    expect(text).toContain('https://e.x/rules');
  });
});

describe('neutralise: properties', () => {
  it('only ever inserts the invisible joiner, and is idempotent', () => {
    fc.assert(
      fc.property(userText, (text) => {
        const out = neutralise(text);
        expect(out.replaceAll(Z, '')).toBe(text.replaceAll(Z, ''));
        expect(neutralise(out)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves nothing live, wherever the text starts a line', () => {
    fc.assert(
      fc.property(userText, (text) => {
        expect(liveProblems(neutralise(text), { userMentions: [], roleMentions: [] })).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('changes nothing in text without @, <, ] or #', () => {
    const ordinary = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/[@<\]#]/g, ''));
    fc.assert(
      fc.property(ordinary, (text) => {
        expect(neutralise(text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('the generator does produce the dangerous pieces', () => {
    // Guards the properties above against a generator that never says anything dangerous.
    const samples = fc.sample(userText, { numRuns: 300, seed: 1 }).join('\n');
    for (const piece of ['@everyone', '@here', '<@', '<@&', '<#', '</', '-#', '](']) expect(samples).toContain(piece);
  });
});

// ---- names in texts for Discord: formatting nothing -------------------------------------
//
// Discord's inline formatting pairs delimiters: *x* and _x_ (italics), **x** (bold), __x__
// (underline), ~~x~~ (strikethrough), ||x|| (spoiler), `x` and ```x``` (code). A backslash before
// punctuation is Discord's escape: it shows the character alone. Read conservatively, a name
// formats nothing when every `*` and backtick is escaped, no two `~` or `|` stand together
// unescaped, an unescaped `_` stands only alone inside a word, and no line starts with a quote
// (>) or list (-, +, *, 1.) marker; a timestamp <t:…> or custom emoji <:x:1> is not live.

/** What Discord shows for `text`: its escapes resolved, the joiners invisible. */
const shown = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1').replaceAll(Z, '');

/** The formatting `text` would do in Discord; [] when none. */
function formattingProblems(text: string): string[] {
  const problems: string[] = [];
  // Each character and whether Discord takes it literally (escaped).
  const chars: Array<{ char: string; escaped: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length && /[^0-9A-Za-z\s]/.test(text[i + 1]!)) chars.push({ char: text[++i]!, escaped: true });
    else chars.push({ char: text[i]!, escaped: false });
  }
  const live = (i: number, char: string) => chars[i]?.char === char && !chars[i]!.escaped;
  chars.forEach(({ char, escaped }, i) => {
    if (escaped) return;
    if (char === '*' || char === '`') problems.push(`live ${char}`);
    if ((char === '~' || char === '|') && live(i + 1, char)) problems.push(`live ${char}${char}`);
    if (char === '_') {
      const word = (j: number) => /[0-9A-Za-z]/.test(chars[j]?.char ?? '') && !chars[j]!.escaped;
      if (!(word(i - 1) && word(i + 1))) problems.push('live _');
    }
  });
  for (const line of text.split(LINE_BREAK)) {
    if (/^\s*(?:>{1,3}|[-+*]|\d+[.)])(?:\s|$)/.test(line)) problems.push(`block line ${JSON.stringify(line)}`);
  }
  if (/<(?:t:|a?:)/.test(text)) problems.push('live timestamp or emoji');
  return problems;
}

describe('discordName: what a name looks like in a text for Discord', () => {
  it.each([
    ['**Bold**', '\\*\\*Bold\\*\\*'],
    ['Late *Night* <3', 'Late \\*Night\\* <3'],
    ['||spoiler||', '\\|\\|spoiler\\|\\|'],
    ['~~gone~~', '\\~\\~gone\\~\\~'],
    ['`code`', '\\`code\\`'],
    ['```fence```', '\\`\\`\\`fence\\`\\`\\`'],
    ['__under__', '\\_\\_under\\_\\_'],
    ['_it_', '\\_it\\_'],
    ['a\\*b', 'a\\\\\\*b'],
    ['> quoted', `${Z}> quoted`],
    ['>>> all quoted', `${Z}>>> all quoted`],
    ['- listed', `${Z}- listed`],
    ['1. First', `${Z}1. First`],
    ['<t:0:R>', `<${Z}t:0:R>`],
    ['<:pepe:123>', `<${Z}:pepe:123>`],
    ['@everyone **now**', `@${Z}everyone \\*\\*now\\*\\*`],
  ])('%j becomes %j', (input, expected) => {
    expect(discordName(input)).toBe(expected);
  });

  it('puts a stored name with line breaks on one line', () => {
    expect(discordName('Late\r\nNight\u2028Crew')).toBe('Late Night Crew');
  });

  it.each(['DJ Alpha', 'dj_snake', 'DJ ~ Wave', 'A | B', 'Beta & Gamma', '#1 Fan', '\\o/', 'Ünïcödé 👩🏽‍🎤 名前', 'C-3PO', '2 Many DJs'])(
    'leaves %j byte-identical',
    (input) => {
      expect(discordName(input)).toBe(input);
    },
  );

  it('shows every name as typed, pinging nobody and formatting nothing', () => {
    fc.assert(
      fc.property(userText, (text) => {
        const out = discordName(text);
        expect(shown(out)).toBe(text.replaceAll(Z, '').replace(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/g, ' '));
        expect(formattingProblems(out), JSON.stringify(text)).toEqual([]);
        expect(liveProblems(out, { userMentions: [], roleMentions: [] })).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('the checker sees the formatting it looks for', () => {
    for (const text of ['*x*', '**x**', '_x_', '__x__', '~~x~~', '||x||', '`x`', '> x', '- x', '1. x', '<t:0:R>']) {
      expect(formattingProblems(text), text).not.toEqual([]);
    }
  });
});

// ---- every generated text ---------------------------------------------------------------

const DJ_IDS = ['dj0', 'dj1', 'dj2', 'dj3'];
const ROLE_IDS = ['200000000000000001', '200000000000000002'];

interface Scenario {
  event: AnnouncementEvent;
  djs: Record<string, Dj>;
  roleIds: string[];
}

const djArb = (id: string, index: number): fc.Arbitrary<Dj> =>
  fc.record({
    id: fc.constant(id),
    // Usually a real Discord id (pinged in Verify DJs); else missing, blank or typed junk (named instead).
    discordId: fc.oneof(
      { arbitrary: fc.constant(`10000000000000000${index}`), weight: 3 },
      { arbitrary: fc.constantFrom(null, '', ` 10000000000000000${index} `), weight: 1 },
      { arbitrary: userText, weight: 1 },
    ),
    publicName: userText,
    djName: userText,
    rtmpUrl: fc.constant(''),
    twitchUsername: fc.constant(''),
    avatarUrl: fc.constant(null),
    notes: fc.constant(''),
  });

const djRef = fc.constantFrom(...DJ_IDS, 'nobody');

const signupArb = (uuid: string): fc.Arbitrary<Signup> =>
  fc
    .record({
      name: userText,
      djRefs: fc.uniqueArray(djRef, { maxLength: 3 }),
      isDebut: fc.boolean(),
      requestedDuration: fc.constantFrom(0.5 as const, 1 as const, 1.5 as const),
    })
    .map((fields) => buildSignup(uuid, fields));

const slotArb = (signupCount: number): fc.Arbitrary<Slot> =>
  fc.oneof(
    // A slot for one of the signups (or for a signup that is gone).
    fc
      .nat({ max: signupCount })
      .map((index) => buildSlot(index < signupCount ? `s${index}` : 'missing')),
    // A legacy slot from before signups: a typed name and/or a DJ reference.
    fc
      .record({ djName: fc.option(userText), djRef: fc.option(djRef), isDebut: fc.boolean() })
      .map(({ djName, djRef, isDebut }) => buildLegacySlot({ djName, djRef, isDebut })),
  );

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    djs: fc.tuple(...DJ_IDS.map((id, index) => djArb(id, index))),
    signupCount: fc.nat({ max: 4 }),
    name: userText,
    host: fc.oneof(userText, fc.constantFrom('', '  ')),
    message: userText,
    footer: fc.oneof(userText, fc.constant(FOOTER)),
    startDatetime: fc.constantFrom('2024-06-09T19:00:00.000Z', '2024-12-08T20:00:00.000Z'),
    roleIds: fc.subarray(ROLE_IDS),
  })
  .chain(({ djs, signupCount, roleIds, ...fields }) =>
    fc
      .record({
        signups: fc.tuple(...Array.from({ length: signupCount }, (_, i) => signupArb(`s${i}`))),
        slots: fc.array(slotArb(signupCount), { maxLength: 6 }),
      })
      .map(({ signups, slots }) => ({
        event: { ...fields, signups, slots },
        djs: Object.fromEntries(djs.map((dj) => [dj.id, dj])),
        roleIds,
      })),
  );

/** The same scenario with every typed text replaced by a harmless name (blank stays blank). */
function harmless({ event, djs, roleIds }: Scenario): Scenario {
  const plain = (text: string) => (text.trim() ? 'Name' : text);
  return {
    event: {
      ...event,
      name: plain(event.name),
      host: plain(event.host),
      message: plain(event.message),
      footer: plain(event.footer),
      signups: event.signups.map((s) => ({ ...s, name: plain(s.name) })),
      slots: event.slots.map((s) => (s.legacy ? { ...s, legacy: { ...s.legacy, djName: s.legacy.djName === null ? null : plain(s.legacy.djName) } } : s)),
    },
    djs: Object.fromEntries(Object.entries(djs).map(([id, dj]) => [id, { ...dj, djName: plain(dj.djName), publicName: plain(dj.publicName) }])),
    roleIds,
  };
}

const builders: Array<[string, (scenario: Scenario) => string]> = [
  ['discordAnnouncement', ({ event, djs, roleIds }) => discordAnnouncement(event, djs, { announcementRoleIds: roleIds })],
  ['socialAnnouncement', ({ event, djs }) => socialAnnouncement(event, djs)],
  ['verifyLineupMessage', ({ event, djs }) => verifyLineupMessage(event, djs)],
  ['signupSheetMessage', ({ event }) => signupSheetMessage(event, 'https://lineup.example/eventSignup/e1')],
];

describe.each(builders)('%s with hostile user text', (_name, build) => {
  it('pings only whom the app means to and formats nothing', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const text = build(scenario);
        const allowed = {
          userMentions: Object.values(scenario.djs)
            .map((dj) => dj.discordId?.trim() ?? '')
            .filter((id) => /^\d+$/.test(id)),
          roleMentions: scenario.roleIds,
        };
        expect(liveProblems(text, allowed)).toEqual([]);
        // Exactly the mentions the app writes when nobody typed anything dangerous.
        const expected = liveMentions(build(harmless(scenario)));
        expect(liveProblems(build(harmless(scenario)), allowed)).toEqual([]);
        expect(liveMentions(text)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe.each(builders.filter(([name]) => name !== 'socialAnnouncement'))('%s with markdown in the names', (_name, build) => {
  it('formats nothing the names carry (a staff message and footer may format; here they are plain)', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const text = build({ ...scenario, event: { ...scenario.event, message: 'Welcome', footer: 'See you there' } });
        // The app's own timestamp tags are meant to be live.
        expect(formattingProblems(text.replace(/<t:\d+:[Ft]>/g, 'TIME')), text).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('generated texts: what neutralised user text looks like', () => {
  const djs: Record<string, Dj> = {
    dj1: { id: 'dj1', discordId: '100000000000000001', publicName: 'Alpha', djName: '@here Alpha', rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' },
    dj2: { id: 'dj2', discordId: null, publicName: 'B', djName: '<@&200000000000000009> B', rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' },
  };
  const event: AnnouncementEvent = {
    name: '# Big Night @everyone',
    startDatetime: '2024-06-09T19:00:00.000Z',
    host: '<@100000000000000009>',
    message: 'Free entry!\n-# [tickets](https://evil.example)',
    footer: FOOTER,
    signups: [buildSignup('a', { name: 'DJ <#300000000000000001> [x](<https://e.x>)', djRefs: ['dj1', 'dj2'] })],
    slots: [buildSlot('a'), buildLegacySlot({ djName: '## Legacy @Here' })],
  };

  it('discordAnnouncement: user text neutralised, role pings and timestamps live, links plain', () => {
    expect(discordAnnouncement(event, djs, { announcementRoleIds: ['200000000000000001'] })).toBe(
      [
        '<@&200000000000000001>',
        '',
        `${Z}# Big Night @${Z}everyone`,
        '',
        'Free entry!',
        `${Z}-# [tickets]${Z}(https://evil.example)`,
        '',
        'Event start: <t:1717959600:F>',
        `Host: <${Z}@100000000000000009>`,
        '',
        'Lineup:',
        `<t:1717959600:t> : DJ <${Z}#300000000000000001> [x]${Z}(<https://e.x>)`,
        `<t:1717963200:t> : ${Z}## Legacy @${Z}Here`,
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('discordAnnouncement: writes role pings only for digit role ids', () => {
    const text = discordAnnouncement(event, djs, { announcementRoleIds: ['200000000000000001', 'everyone', '1> @here <@&2'] });
    expect(text.startsWith(`<@&200000000000000001>\n\n${Z}# Big Night`)).toBe(true);
  });

  it('socialAnnouncement: the same invisible neutralisation', () => {
    expect(socialAnnouncement(event, djs)).toBe(
      [
        `${Z}# Big Night @${Z}everyone`,
        'Sunday 9 June',
        `Host: <${Z}@100000000000000009>`,
        '',
        'Lineup: (times BST)',
        `8pm - DJ <${Z}#300000000000000001> [x]${Z}(<https://e.x>)`,
        `9pm - ${Z}## Legacy @${Z}Here`,
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('verifyLineupMessage: the DJ ping from the stored Discord id stays live, typed names do not', () => {
    expect(verifyLineupMessage(event, djs)).toBe(
      [
        `Proposed lineup for ${Z}# Big Night @${Z}everyone`,
        'Event start: <t:1717959600:F>',
        `Host: <${Z}@100000000000000009>`,
        '',
        `<t:1717959600:t> : DJ <${Z}#300000000000000001> [x]${Z}(<https://e.x>) - <@100000000000000001>, <${Z}@&200000000000000009> B`,
        `<t:1717963200:t> : ${Z}## Legacy @${Z}Here`,
        '',
        'DJs listed above: please react to this message if your slot works for you!',
      ].join('\n'),
    );
  });

  it('signupSheetMessage: event name and host neutralised, the signup link untouched', () => {
    expect(signupSheetMessage(event, 'https://lineup.example/eventSignup/e1')).toBe(
      [
        `Signups are open for ${Z}# Big Night @${Z}everyone on <t:1717959600:F>!`,
        `Host: <${Z}@100000000000000009>`,
        'Sign up here: https://lineup.example/eventSignup/e1',
      ].join('\n'),
    );
  });
});
