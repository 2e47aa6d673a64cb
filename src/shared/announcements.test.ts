import { describe, expect, it } from 'vitest';
import type { Dj } from './schemas/djs.js';
import {
  cancellationDiscordMessage,
  discordAnnouncement,
  discordPostMessage,
  signupSheetMessage,
  socialAnnouncement,
  verifyLineupMessage,
  whoIsPinged,
  type AnnouncementEvent,
} from './announcements.js';
import { buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';
import type { Signup } from './schemas/lineup.js';
import { DEFAULT_SETTINGS } from './schemas/settings.js';

function dj(id: string, djName: string, discordId: string | null): Dj {
  return { id, discordId, publicName: `${djName} (public)`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' };
}

/** A signup named `name`, for the DJs `djRefs`. */
const signup = (uuid: string, name: string, djRefs: string[], requestedDuration: Signup['requestedDuration'] = 1, isDebut = false) =>
  buildSignup(uuid, { name, djRefs, requestedDuration, isDebut });
const slot = buildSlot;

const djs: Record<string, Dj> = {
  dj1: dj('dj1', 'DJ Alpha', '100000000000000001'),
  dj2: dj('dj2', 'Beta', '100000000000000002'),
  dj3: dj('dj3', 'Gamma', null),
  dj4: dj('dj4', 'Old Timer DJ', '100000000000000004'),
  dj5: dj('dj5', 'Late', '100000000000000005'),
  dj6: dj('dj6', 'After', ''),
};

const FOOTER = 'Links: https://a.example https://b.example';

// Sunday 9 June 2024, 20:00 BST; the lineup runs past midnight in London.
const summer: AnnouncementEvent = {
  name: 'Sunday Service',
  startDatetime: '2024-06-09T19:00:00.000Z',
  host: 'Host Person',
  message: 'Come chill and wiggle!',
  footer: FOOTER,
  signups: [
    signup('a', 'DJ Alpha', ['dj1'], 0.5),
    signup('b', 'Beta & Gamma', ['dj2', 'dj3'], 1, true),
    signup('e', 'Late *Night* <3', ['dj5']),
    signup('f', 'After Hours', ['dj6']),
  ],
  slots: [
    slot('a'),
    slot('b'),
    buildLegacySlot({ djName: 'Old Timer', djRef: 'dj4' }), // legacy slot from before signups
    slot('missing'), // no signup, no legacy name
    slot('e'),
    slot('f'),
  ],
};

// Sunday 8 December 2024, 20:00 GMT, no host and no message.
const winter: AnnouncementEvent = {
  name: 'Winter Service',
  startDatetime: '2024-12-08T20:00:00.000Z',
  host: '',
  message: '',
  footer: FOOTER,
  signups: [signup('w1', 'Winter One', ['dj1']), signup('w2', 'Winter Two', ['dj2'], 1.5, true), signup('w3', 'Winter Three', ['dj3'])],
  slots: [slot('w1'), slot('w2'), slot('w3')],
};

describe('discordAnnouncement', () => {
  it('writes the summer announcement with timestamp tags and role mentions', () => {
    expect(discordAnnouncement(summer, djs, { announcementRoleIds: ['111', '222'] })).toBe(
      [
        '<@&111> <@&222>',
        '',
        'Sunday Service',
        '',
        'Come chill and wiggle!',
        '',
        'Event start: <t:1717959600:F>',
        'Host: Host Person',
        '',
        'Lineup:',
        '<t:1717959600:t> : DJ Alpha',
        '<t:1717961400:t> : Beta & Gamma (DEBUTT!)',
        '<t:1717965000:t> : Old Timer',
        '<t:1717968600:t> : Error : Unable to find signup for this slot',
        // Discord's escapes: it shows 'Late *Night* <3' as typed, not italics.
        '<t:1717972200:t> : Late \\*Night\\* <3',
        '<t:1717975800:t> : After Hours',
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('writes TBA for an empty host and omits the empty message and role line', () => {
    expect(discordAnnouncement(winter, djs, { announcementRoleIds: [] })).toBe(
      [
        'Winter Service',
        '',
        'Event start: <t:1733688000:F>',
        'Host: TBA',
        '',
        'Lineup:',
        '<t:1733688000:t> : Winter One',
        '<t:1733691600:t> : Winter Two (DEBUTT!)',
        '<t:1733697000:t> : Winter Three',
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('names an old slot that only kept a DJ reference after that DJ', () => {
    const event = { ...winter, signups: [], slots: [buildLegacySlot({ djName: null, djRef: 'dj3' })] };
    expect(discordAnnouncement(event, djs, { announcementRoleIds: [] })).toContain('<t:1733688000:t> : Gamma\n');
  });
});

describe('socialAnnouncement', () => {
  it('uses London time and BST in summer, past midnight', () => {
    expect(socialAnnouncement(summer, djs)).toBe(
      [
        'Sunday Service',
        'Sunday 9 June',
        'Host: Host Person',
        '',
        'Lineup: (times BST)',
        '8pm - DJ Alpha',
        '8:30pm - Beta & Gamma - DEBUTT',
        '9:30pm - Old Timer',
        '10:30pm - Error : Unable to find signup for this slot',
        '11:30pm - Late *Night* <3',
        '12:30am - After Hours',
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('uses GMT in winter and TBA for an empty host', () => {
    expect(socialAnnouncement(winter, djs)).toBe(
      [
        'Winter Service',
        'Sunday 8 December',
        'Host: TBA',
        '',
        'Lineup: (times GMT)',
        '8pm - Winter One',
        '9pm - Winter Two - DEBUTT',
        '10:30pm - Winter Three',
        '',
        FOOTER,
      ].join('\n'),
    );
  });

  it('shows the London date even when the event starts on another UTC day', () => {
    // 00:30 BST on Monday 10 June is still Sunday 23:30 UTC.
    const event = { ...summer, startDatetime: '2024-06-09T23:30:00.000Z', slots: [], signups: [] };
    expect(socialAnnouncement(event, djs)).toContain('Monday 10 June\n');
    expect(socialAnnouncement(event, djs)).toContain('Lineup: (times BST)\nTBA');
  });
});

describe('a fresh install', () => {
  // An event made with the shipped settings, as Create Event fills it in.
  const fresh: AnnouncementEvent = {
    ...summer,
    name: DEFAULT_SETTINGS.seriesName,
    message: DEFAULT_SETTINGS.defaultMessage,
    footer: DEFAULT_SETTINGS.defaultFooter,
  };

  it.each([
    ['Discord', () => discordAnnouncement(fresh, djs, { announcementRoleIds: DEFAULT_SETTINGS.announcementRoleIds })],
    ['social media', () => socialAnnouncement(fresh, djs)],
  ])('writes no placeholder link into the %s text', (_name, text) => {
    expect(text()).not.toMatch(/example\.(org|com|net)|your-community|https?:\/\//);
    expect(text()).toMatch(/Lineup:/);
  });

  it('ends the Discord text with the lineup when there is no footer and no role', () => {
    expect(discordAnnouncement(fresh, djs, { announcementRoleIds: [] }).endsWith('<t:1717975800:t> : After Hours')).toBe(true);
  });
});

describe('verifyLineupMessage', () => {
  it('mentions every DJ with a Discord ID and names the others', () => {
    const text = verifyLineupMessage(summer, djs);
    expect(text).toBe(
      [
        'Proposed lineup for Sunday Service',
        'Event start: <t:1717959600:F>',
        'Host: Host Person',
        '',
        '<t:1717959600:t> : DJ Alpha - <@100000000000000001>',
        '<t:1717961400:t> : Beta & Gamma (DEBUTT!) - <@100000000000000002>, Gamma',
        '<t:1717965000:t> : Old Timer - <@100000000000000004>',
        '<t:1717968600:t> : Error : Unable to find signup for this slot',
        '<t:1717972200:t> : Late \\*Night\\* <3 - <@100000000000000005>',
        '<t:1717975800:t> : After Hours - After',
        '',
        'DJs listed above: please react to this message if your slot works for you!',
      ].join('\n'),
    );
    expect(text).not.toContain('undefined');
  });

  it('writes TBA for an empty host and copes with an unknown DJ', () => {
    const event = { ...winter, signups: [signup('w1', 'Ghost', ['nobody'])], slots: [slot('w1')] };
    expect(verifyLineupMessage(event, djs)).toBe(
      [
        'Proposed lineup for Winter Service',
        'Event start: <t:1733688000:F>',
        'Host: TBA',
        '',
        '<t:1733688000:t> : Ghost - Unknown DJ',
        '',
        'DJs listed above: please react to this message if your slot works for you!',
      ].join('\n'),
    );
  });
});

describe('verifyLineupMessage with the confirm link (issue 35)', () => {
  const link = 'https://lineup.example/eventSignup/e1';

  it('ends each line that mentions a DJ with their confirm link, and keeps the spec words', () => {
    expect(verifyLineupMessage(summer, djs, link)).toBe(
      [
        'Proposed lineup for Sunday Service',
        'Event start: <t:1717959600:F>',
        'Host: Host Person',
        '',
        `<t:1717959600:t> : DJ Alpha - <@100000000000000001> · confirm: <${link}>`,
        `<t:1717961400:t> : Beta & Gamma (DEBUTT!) - <@100000000000000002>, Gamma · confirm: <${link}>`,
        `<t:1717965000:t> : Old Timer - <@100000000000000004> · confirm: <${link}>`,
        '<t:1717968600:t> : Error : Unable to find signup for this slot',
        `<t:1717972200:t> : Late \\*Night\\* <3 - <@100000000000000005> · confirm: <${link}>`,
        '<t:1717975800:t> : After Hours - After',
        '',
        'DJs listed above: please react to this message if your slot works for you!',
        'You can also confirm with the link on your line (sign in with Discord): the hosts see it in Lineup at once.',
      ].join('\n'),
    );
  });

  it('gives the link once at the end when a link on every line would not fit one Discord message', () => {
    const many = Array.from({ length: 24 }, (_, index) => signup(`m${index}`, `Marathon DJ number ${index}`, ['dj1']));
    const event = { ...summer, signups: many, slots: many.map((one) => slot(one.uuid)) };
    const text = verifyLineupMessage(event, djs, link);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text).not.toContain('· confirm:');
    expect(text.endsWith(`You can also confirm your slot here (sign in with Discord): <${link}>`)).toBe(true);
  });

  it('offers no link when nobody on the lineup can be mentioned', () => {
    const event = { ...winter, signups: [signup('w1', 'Gamma', ['dj3'])], slots: [slot('w1')] };
    expect(verifyLineupMessage(event, djs, link)).not.toContain(link);
  });
});

describe('signupSheetMessage', () => {
  const link = 'https://lineup.example/eventSignup/e1';

  it('contains the link and the host', () => {
    expect(signupSheetMessage(summer, link)).toBe(
      [
        'Signups are open for Sunday Service on <t:1717959600:F>!',
        'Host: Host Person',
        `Sign up here: ${link}`,
      ].join('\n'),
    );
  });

  it('says Host TBD! without a host', () => {
    expect(signupSheetMessage({ ...winter, host: '  ' }, link)).toBe(
      ['Signups are open for Winter Service on <t:1733688000:F>!', 'Host TBD!', `Sign up here: ${link}`].join('\n'),
    );
  });
});

describe('discordPostMessage: the mentions a post lets ping', () => {
  const link = 'https://lineup.example/eventSignup/e1';
  const input = { event: summer, djs, announcementRoleIds: ['111', '222'], signupLink: link };

  it('lets Verify DJs ping exactly the DJs it mentions, each once', () => {
    const twice = { ...summer, slots: [...summer.slots, slot('a')] };
    const message = discordPostMessage('verify', { ...input, event: twice });
    expect(message.content).toBe(verifyLineupMessage(twice, djs, link));
    expect(message.mentions).toEqual({
      users: ['100000000000000001', '100000000000000002', '100000000000000004', '100000000000000005'],
      roles: [],
    });
  });

  it('lets the announcement ping its roles only, and the signups-open message nobody', () => {
    expect(discordPostMessage('announcement', input)).toEqual({
      content: discordAnnouncement(summer, djs, { announcementRoleIds: ['111', '222'] }),
      mentions: { users: [], roles: ['111', '222'] },
    });
    expect(discordPostMessage('signups-open', input)).toEqual({ content: signupSheetMessage(summer, link), mentions: { users: [], roles: [] } });
  });

  it('never counts mention syntax people typed into names or the message as a mention', () => {
    const hostile: Dj = dj('dj9', '<@999999999999999999> @everyone', null);
    const event: AnnouncementEvent = {
      ...winter,
      name: '<@&333> night @here',
      message: 'ping <@888888888888888888> and @everyone',
      signups: [signup('h', '<@777777777777777777> @everyone', ['dj9'])],
      slots: [slot('h')],
    };
    for (const kind of ['verify', 'announcement', 'signups-open'] as const) {
      const message = discordPostMessage(kind, { ...input, event, djs: { ...djs, dj9: hostile } });
      expect(message.mentions.users, kind).toEqual([]);
      expect(message.mentions.roles, kind).toEqual(kind === 'announcement' ? ['111', '222'] : []);
      expect(message.content, kind).not.toMatch(/<@\d|<@&3|@everyone|@here/);
    }
  });
});

describe('cancellationDiscordMessage (issue 34)', () => {
  it('pings the roles, says in words that the event is off, and addresses each DJ of its lineup once', () => {
    const message = cancellationDiscordMessage(summer, djs, { announcementRoleIds: ['900000000000000001', 'not-a-role'] });
    expect(message.content).toBe(
      [
        '<@&900000000000000001>',
        '',
        'Sunday Service on <t:1717959600:F> is cancelled: it will not take place.',
        '',
        '<@100000000000000001>, <@100000000000000002>, Gamma, <@100000000000000004>, <@100000000000000005>, After: your sets are off. Thank you for signing up, and sorry for the change of plans.',
        '',
        'Host: Host Person',
      ].join('\n'),
    );
    expect(message.mentions).toEqual({ users: ['100000000000000001', '100000000000000002', '100000000000000004', '100000000000000005'], roles: ['900000000000000001'] });
    expect(discordPostMessage('cancellation', { event: summer, djs, announcementRoleIds: ['900000000000000001'], signupLink: '' })).toEqual(
      cancellationDiscordMessage(summer, djs, { announcementRoleIds: ['900000000000000001'] }),
    );
  });

  it('neutralises what people typed and says Host TBA; no lineup, no line for DJs', () => {
    const event = { ...summer, name: '@everyone **party** <@123456789012345678>', host: '', slots: [], signups: [] };
    const { content, mentions } = cancellationDiscordMessage(event, djs, { announcementRoleIds: [] });
    expect(content).toContain('@\u200Deveryone');
    expect(content).not.toContain('<@123456789012345678>');
    expect(content).not.toContain('your sets are off');
    expect(content.endsWith('Host: TBA')).toBe(true);
    expect(mentions).toEqual({ users: [], roles: [] });
  });
});

describe('whoIsPinged: Post to Discord says whom it notifies', () => {
  const input = { event: summer, djs, announcementRoleIds: ['111', '222'], signupLink: 'https://lineup.example/eventSignup/e1' };
  it('names the roles and the DJs a post pings, or no one', () => {
    expect(whoIsPinged(discordPostMessage('announcement', input), djs)).toBe('Pings the 2 announcement roles.');
    expect(whoIsPinged(discordPostMessage('announcement', { ...input, announcementRoleIds: ['111'] }), djs)).toBe('Pings the announcement role.');
    expect(whoIsPinged(discordPostMessage('verify', input), djs)).toBe('Pings 4 DJs (DJ Alpha, Beta, Old Timer DJ, Late).');
    expect(whoIsPinged(discordPostMessage('signups-open', input), djs)).toBe('Pings no one.');
  });
});
