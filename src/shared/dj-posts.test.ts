import {
  cancellationMessages,
  confirmReminderMessage,
  djSlots,
  lineupChangeMessages,
  lineupChanges,
  plannedReminders,
  slotReminderMessage,
} from './dj-posts.js';
import { DEFAULT_REMINDER_SETTINGS } from './schemas/dj-posts.js';
import type { Dj } from './schemas/djs.js';
import { buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const dj = (id: string, djName: string, discordId: string | null): Dj => ({
  id, discordId, publicName: `${djName} (public)`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '',
});
const djs: Record<string, Dj> = {
  rex: dj('rex', 'Rex', '100000000000000001'),
  nova: dj('nova', 'Nova', '100000000000000002'),
  kai: dj('kai', 'Kai', '100000000000000003'),
  quiet: dj('quiet', 'Quiet One', null),
  hostile: dj('hostile', '<@999999999999999999> @everyone **bold**', '100000000000000009'),
};

// Sunday 9 June 2030, 20:00 BST (19:00 UTC): Rex 1 h, Nova b2b Kai 1 h (Kai confirmed), Quiet One 30 min.
const summer = {
  name: 'Sunday Service',
  startDatetime: '2030-06-09T19:00:00.000Z',
  cancelled: false,
  signups: [
    buildSignup('a', { name: 'Rex', djRefs: ['rex'] }),
    buildSignup('b', { name: 'Nova b2b Kai', djRefs: ['nova', 'kai'], confirmations: { kai: 'confirmed' } }),
    buildSignup('c', { name: 'Quiet One', djRefs: ['quiet'], requestedDuration: 0.5 }),
  ],
  slots: [buildSlot('a'), buildSlot('b'), buildSlot('c')],
};
const at = (iso: string) => Date.parse(iso);
const links = { signup: 'https://lineup.example/eventSignup/e1', home: 'https://lineup.example/' };

describe('plannedReminders', () => {
  const plan = (event = summer, overrides: Partial<typeof DEFAULT_REMINDER_SETTINGS> = {}, off: string[] = []) =>
    plannedReminders({ event, djs, settings: { ...DEFAULT_REMINDER_SETTINGS, ...overrides }, remindersOff: new Set(off) });

  test('each lineup DJ an hour before their slot; those who have not confirmed, a day before the event', () => {
    expect(plan()).toEqual([
      { kind: 'confirm_reminder', djId: 'rex', dueAt: at('2030-06-08T19:00:00.000Z'), sendUntil: at('2030-06-08T19:15:00.000Z'), subjectAt: at('2030-06-09T19:00:00.000Z') },
      // Rex plays first: his reminder may be up to 15 minutes late, never after his slot began.
      { kind: 'slot_reminder', djId: 'rex', dueAt: at('2030-06-09T18:00:00.000Z'), sendUntil: at('2030-06-09T18:15:00.000Z'), subjectAt: at('2030-06-09T19:00:00.000Z') },
      { kind: 'confirm_reminder', djId: 'nova', dueAt: at('2030-06-08T19:00:00.000Z'), sendUntil: at('2030-06-08T19:15:00.000Z'), subjectAt: at('2030-06-09T19:00:00.000Z') },
      // Back to back: each DJ of the slot gets their own, mentioning only them.
      { kind: 'slot_reminder', djId: 'nova', dueAt: at('2030-06-09T19:00:00.000Z'), sendUntil: at('2030-06-09T19:15:00.000Z'), subjectAt: at('2030-06-09T20:00:00.000Z') },
      { kind: 'slot_reminder', djId: 'kai', dueAt: at('2030-06-09T19:00:00.000Z'), sendUntil: at('2030-06-09T19:15:00.000Z'), subjectAt: at('2030-06-09T20:00:00.000Z') },
    ]);
  });

  test('the offsets, the lateness and each kind on or off come from the settings; never later than the slot', () => {
    const planned = plan(summer, { slotReminderMinutes: 10, lateLimitMinutes: 30, confirmReminder: false });
    expect(planned.map((reminder) => reminder.kind)).toEqual(['slot_reminder', 'slot_reminder', 'slot_reminder']);
    expect(planned[0]).toMatchObject({ dueAt: at('2030-06-09T18:50:00.000Z'), sendUntil: at('2030-06-09T19:00:00.000Z') });
    expect(plan(summer, { slotReminder: false }).map((reminder) => reminder.kind)).toEqual(['confirm_reminder', 'confirm_reminder']);
  });

  test('none for a DJ who turned them off, said they cannot make it, or cannot be mentioned; none at all when cancelled', () => {
    expect(plan(summer, {}, ['rex']).some((reminder) => reminder.djId === 'rex')).toBe(false);
    const declined = { ...summer, signups: summer.signups.map((s) => (s.uuid === 'a' ? { ...s, confirmations: { rex: 'declined' as const } } : s)) };
    expect(plan(declined).some((reminder) => reminder.djId === 'rex')).toBe(false);
    expect(plan().some((reminder) => reminder.djId === 'quiet')).toBe(false);
    expect(plan({ ...summer, cancelled: true })).toEqual([]);
  });

  test('a legacy slot (from before signups) is reminded of, but nobody asked it to confirm', () => {
    const legacy = { ...summer, signups: [], slots: [buildLegacySlot({ djName: 'Old Timer', djRef: 'rex' })] };
    expect(plan(legacy).map((reminder) => reminder.kind)).toEqual(['slot_reminder']);
  });

  test('in elapsed time across a change of clocks: 24 hours before a winter Sunday is Saturday 21:00 BST', () => {
    // Sunday 27 October 2030, London goes back to GMT at 02:00; the event is at 20:00 GMT.
    const autumn = { ...summer, startDatetime: '2030-10-27T20:00:00.000Z' };
    const confirm = plan(autumn).find((reminder) => reminder.kind === 'confirm_reminder');
    expect(new Date(confirm!.dueAt).toISOString()).toBe('2030-10-26T20:00:00.000Z');
  });
});

describe('lineupChanges', () => {
  test('a DJ placed is new, a DJ whose slot moved in time is moved, the others are not told; the unmentionable are named', () => {
    const before = { ...summer, signups: summer.signups.slice(0, 2), slots: [buildSlot('a')] };
    const changes = lineupChanges(before, summer, djs);
    expect(changes.told.map(({ change, slot }) => [change, slot.djId])).toEqual([
      ['new', 'nova'],
      ['new', 'kai'],
    ]);
    expect(changes.untold).toEqual(['Quiet One']);

    // Swapping the first two moves all three of those DJs; the last slot keeps its time.
    const swapped = { ...summer, slots: [buildSlot('b'), buildSlot('a'), buildSlot('c')] };
    const moved = lineupChanges(summer, swapped, djs);
    expect(moved.told.map(({ change, slot, was }) => [change, slot.djId, new Date(slot.start).toISOString(), new Date(was!.start).toISOString()])).toEqual([
      ['moved', 'nova', '2030-06-09T19:00:00.000Z', '2030-06-09T20:00:00.000Z'],
      ['moved', 'kai', '2030-06-09T19:00:00.000Z', '2030-06-09T20:00:00.000Z'],
      ['moved', 'rex', '2030-06-09T20:00:00.000Z', '2030-06-09T19:00:00.000Z'],
    ]);
    expect(moved.untold).toEqual([]);
    expect(lineupChanges(summer, summer, djs)).toEqual({ told: [], untold: [] });
  });
});

describe('the texts', () => {
  test('a lineup change: one post, each line mentioning its DJ, with Discord timestamps and the confirm link', () => {
    const before = { ...summer, slots: [buildSlot('b'), buildSlot('a')] };
    const { told } = lineupChanges(before, { ...summer, slots: [buildSlot('a'), buildSlot('b'), buildSlot('c')] }, djs);
    const [message, ...more] = lineupChangeMessages(summer, told, links);
    expect(more).toEqual([]);
    expect(message!.content).toBe(
      [
        'Lineup change for Sunday Service (<t:1907262000:F>):',
        '<@100000000000000001> your slot moved: Rex, now <t:1907262000:t>–<t:1907265600:t> (was <t:1907265600:t>–<t:1907269200:t>).',
        '<@100000000000000002> your slot moved: Nova b2b Kai, now <t:1907265600:t>–<t:1907269200:t> (was <t:1907262000:t>–<t:1907265600:t>).',
        '<@100000000000000003> your slot moved: Nova b2b Kai, now <t:1907265600:t>–<t:1907269200:t> (was <t:1907262000:t>–<t:1907265600:t>).',
      ].join('\n'),
    );
    expect(message!.mentions).toEqual({ users: ['100000000000000001', '100000000000000002', '100000000000000003'], roles: [] });
    const placed = lineupChangeMessages(summer, lineupChanges({ ...summer, slots: [] }, summer, djs).told, links)[0]!;
    expect(placed.content.split('\n')[1]).toBe(
      `<@100000000000000001> you are in the lineup: Rex, <t:1907262000:t>–<t:1907265600:t>. Confirm it here: <${links.signup}>`,
    );
  });

  test('a change too long for one Discord message is split, each part with the header and only its own mentions', () => {
    const many: Record<string, Dj> = {};
    const signups = Array.from({ length: 30 }, (_, index) => {
      many[`d${index}`] = dj(`d${index}`, `DJ number ${index}`, `2000000000000000${String(index).padStart(2, '0')}`);
      return buildSignup(`s${index}`, { name: `A rather long act name for DJ number ${index}`, djRefs: [`d${index}`], requestedDuration: 0.25 });
    });
    const after = { ...summer, signups, slots: signups.map((one) => buildSlot(one.uuid)) };
    const messages = lineupChangeMessages(after, lineupChanges({ ...after, slots: [] }, after, many).told, links);
    expect(messages.length).toBeGreaterThan(1);
    const users = messages.flatMap((message) => message.mentions.users);
    expect(users).toHaveLength(30);
    for (const message of messages) {
      expect(message.content.length).toBeLessThanOrEqual(2000);
      expect(message.content.startsWith('Lineup change for Sunday Service')).toBe(true);
      for (const user of message.mentions.users) expect(message.content).toContain(`<@${user}>`);
    }
  });

  test('a cancellation mentions the lineup DJs who can be mentioned', () => {
    const [message] = cancellationMessages(summer, [...djSlots(summer, djs).values()]);
    expect(message!.content.split('\n')).toEqual([
      'Sunday Service (<t:1907262000:F>) is cancelled: there is no slot to play. Thank you for signing up, and sorry for the change of plans.',
      '<@100000000000000001> Rex (<t:1907262000:t>–<t:1907265600:t>) is off.',
      '<@100000000000000002> Nova b2b Kai (<t:1907265600:t>–<t:1907269200:t>) is off.',
      '<@100000000000000003> Nova b2b Kai (<t:1907265600:t>–<t:1907269200:t>) is off.',
    ]);
    expect(message!.mentions.users).toEqual(['100000000000000001', '100000000000000002', '100000000000000003']);
    expect(cancellationMessages(summer, [])).toEqual([]);
  });

  test('the reminders mention only their DJ; names people typed cannot ping or format', () => {
    const hostile = { ...summer, name: 'Night @here <@&123>', signups: [buildSignup('h', { name: '**Loud** <@1> @everyone', djRefs: ['hostile'] })], slots: [buildSlot('h')] };
    const slot = djSlots(hostile, djs).get('hostile')!;
    const reminder = slotReminderMessage(hostile, slot, links);
    expect(reminder.content).toBe(
      [
        '<@100000000000000009> your slot in Night @\u200Dhere <\u200D@&123> starts <t:1907262000:R>: \\*\\*Loud\\*\\* <\u200D@1> @\u200Deveryone, <t:1907262000:t>–<t:1907265600:t> (<t:1907262000:D>).',
        `Your signup: <${links.signup}>`,
        `Reminders can be turned off on your Lineup home page: <${links.home}>`,
      ].join('\n'),
    );
    expect(reminder.mentions).toEqual({ users: ['100000000000000009'], roles: [] });
    const confirm = confirmReminderMessage(summer, djSlots(summer, djs).get('rex')!, null);
    expect(confirm.content).toBe(
      [
        '<@100000000000000001> please confirm your slot in Sunday Service (<t:1907262000:F>): Rex, <t:1907262000:t>–<t:1907265600:t>.',
        "Confirm it on your Lineup signup page, or tell the hosts you can't make it.",
      ].join('\n'),
    );
    expect(confirm.mentions).toEqual({ users: ['100000000000000001'], roles: [] });
  });
});
