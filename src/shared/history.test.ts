import { describe, expect, it } from 'vitest';
import { changedAnswers, historyLineText, saveChanges, timeAgo } from './history.js';
import type { Dj } from './schemas/djs.js';
import type { HistoryLine } from './schemas/history.js';
import { buildEvent, buildFormData, buildSignup, buildSlot } from './testing/builders.js';

const LONDON = { viewer: 'Europe/London', series: 'Europe/London' };
const dj = (id: string, djName: string): Dj => ({ id, discordId: null, publicName: `${djName} (Discord)`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });
const DJS = { 'dj-a': dj('dj-a', 'Aurora'), 'dj-b': dj('dj-b', 'Basalt'), 'dj-c': dj('dj-c', 'Cinder') };

const texts = (lines: HistoryLine[], zone = LONDON) => lines.map((line) => historyLineText(line, zone));

describe('saveChanges', () => {
  const a = buildSignup('a', { name: 'Aurora', djRefs: ['dj-a'] });
  const b = buildSignup('b', { name: 'Basalt', djRefs: ['dj-b'] });
  const before = buildEvent({ signups: [a, b], slots: [buildSlot('a'), buildSlot('b')] });

  it('standby: put on, taken off, and swapped into a slot as one line (the dropped signup back in the signups)', () => {
    const c = buildSignup('c', { name: 'Cinder', djRefs: ['dj-c'] });
    const onStandby = { ...before, signups: [a, b, { ...c, standby: true }] };
    expect(texts(saveChanges({ ...before, signups: [a, b, c] }, onStandby, DJS, new Set(['c'])))).toEqual(['Cinder: put on standby']);
    expect(texts(saveChanges(onStandby, { ...before, signups: [a, b, c] }, DJS, new Set(['c'])))).toEqual(['Cinder: taken off standby']);
    const swapped = { ...before, signups: [a, b, c], slots: [buildSlot('a'), buildSlot('c')] };
    // The event starts 20:00 London time (BST): Basalt's slot is the second hour.
    expect(texts(saveChanges(onStandby, swapped, DJS, new Set(['c'])))).toEqual([
      'Cinder swapped in from standby for Basalt, at 21:00 London time; Basalt back in the signups',
    ]);
  });

  it('a save that changed nothing has no lines', () => {
    expect(saveChanges(before, { ...before, version: 2 }, DJS, new Set(['a', 'b']))).toEqual([]);
  });

  it('names event fields that changed; the start in the series zone, London summer (BST)', () => {
    // 2030-06-02 19:00Z is 20:00 in London (BST).
    const after = { ...before, name: 'Sunday Session', startDatetime: '2030-06-02T20:00:00.000Z', host: 'Kit', message: 'New', signupsAreOpen: false };
    expect(texts(saveChanges(before, after, DJS, new Set()))).toEqual([
      'Name: Sunday Service → Sunday Session',
      'Start: Sun 2 Jun 20:00 → 21:00 London time',
      'Host: none → Kit',
      'Message edited',
      'Signups closed',
    ]);
  });

  it('London winter (GMT): the day again when the start moves to another day', () => {
    const winter = buildEvent({ startDatetime: '2030-12-08T20:00:00.000Z' });
    const after = { ...winter, startDatetime: '2030-12-09T21:30:00.000Z', signupsCloseAt: '2030-12-07T18:00:00.000Z', signupCap: 8 };
    expect(texts(saveChanges(winter, after, DJS, new Set()))).toEqual([
      'Start: Sun 8 Dec 20:00 → Mon 9 Dec 21:30 London time',
      'Signups close: no deadline → Sat 7 Dec 18:00 London time',
      'Maximum signups: no limit → 8',
    ]);
  });

  it('the same instant written another way is no change', () => {
    expect(saveChanges(before, { ...before, startDatetime: '2030-06-02T20:00:00+01:00' }, DJS, new Set())).toEqual([]);
  });

  it('signups added, removed and edited by name, DJs added and removed, confirmations', () => {
    const c = buildSignup('c', { name: 'Cinder', djRefs: ['dj-c'] });
    const after = {
      ...before,
      signups: [{ ...a, name: 'Aurora b2b Cinder', djRefs: ['dj-a', 'dj-c'], requestedDuration: 0.5 as const, isDebut: true, confirmations: {} }, c],
      slots: [buildSlot('a')],
    };
    const beforeConfirmed = { ...before, signups: [a, b] };
    expect(texts(saveChanges(beforeConfirmed, { ...after, signups: [after.signups[0]!] }, DJS, new Set(['a'])))).toEqual([
      'Signup removed: Basalt',
      'Signup renamed: Aurora → Aurora b2b Cinder',
      'Aurora b2b Cinder: length 1 h → 30 min',
      'Aurora b2b Cinder: marked as a debut',
      'Aurora b2b Cinder: Cinder added',
      'Out of the lineup: Basalt',
    ]);
    const confirmed = { ...before, signups: [{ ...a, confirmations: { 'dj-a': 'confirmed' as const } }, { ...b, djRefs: [] }] };
    expect(texts(saveChanges(before, confirmed, DJS, new Set(['a', 'b'])))).toEqual(['Aurora confirmed (Aurora)', 'Basalt: Basalt removed']);
  });

  it('a signup that arrived from a DJ during the save is not the save’s', () => {
    const arrived = buildSignup('new', { name: 'Newcomer', djRefs: ['dj-c'] });
    expect(saveChanges(before, { ...before, signups: [a, b, arrived] }, DJS, new Set(['a', 'b']))).toEqual([]);
    expect(texts(saveChanges(before, { ...before, signups: [a, b, arrived] }, DJS, new Set(['a', 'b', 'new'])))).toEqual(['Signup added: Newcomer']);
  });

  it('slots added, moved with their new time, re-timed; moving the event re-times nothing', () => {
    const c = buildSignup('c', { name: 'Cinder', djRefs: ['dj-c'] });
    const withC = { ...before, signups: [a, b, c] };
    // Summer: 19:00Z is 20:00 London.
    expect(texts(saveChanges(withC, { ...withC, slots: [buildSlot('b'), buildSlot('a'), buildSlot('c')] }, DJS, new Set(['a', 'b', 'c'])))).toEqual([
      'Basalt: moved from slot 2 to 1, now at 20:00 London time',
      'Aurora: moved from slot 1 to 2, now at 21:00 London time',
      'Into the lineup: Cinder at 22:00 London time',
    ]);
    const shorter = { ...before, signups: [{ ...a, requestedDuration: 0.5 as const }, b] };
    expect(texts(saveChanges(before, shorter, DJS, new Set(['a', 'b'])))).toEqual(['Aurora: length 1 h → 30 min', 'Basalt: 21:00 → 20:30 London time']);
    const sourced = { ...before, signups: [a, { ...b, updatePendingAt: null }], slots: [buildSlot('a', { streamSourceType: 'TWITCH', streamSourceUrl: 'aurora' }), buildSlot('b')] };
    expect(texts(saveChanges({ ...before, signups: [a, { ...b, updatePendingAt: '2030-06-01T10:00:00.000Z' }] }, sourced, DJS, new Set(['a', 'b'])))).toEqual([
      'Basalt: the DJ’s update applied or dismissed',
      'Aurora: stream source changed (Twitch)',
    ]);
    const moved = { ...before, startDatetime: '2030-06-02T18:00:00.000Z' };
    expect(texts(saveChanges(before, moved, DJS, new Set()))).toEqual(['Start: Sun 2 Jun 20:00 → 19:00 London time']);
  });
});

describe('changedAnswers', () => {
  const form = buildFormData({ name: 'Aurora', stream_link: 'https://twitch.tv/aurora' });

  it('names the answers that changed, in the wizard’s order', () => {
    expect(changedAnswers(form, { ...form, dj_notes: 'Hi', requested_duration: 0.5 })).toEqual(['Duration', 'Notes']);
    expect(changedAnswers(form, form)).toEqual([]);
  });

  it('every answer is new when there were none', () => {
    expect(changedAnswers(null, form)).toContain('Stream link');
  });
});

describe('historyLineText', () => {
  it('writes times in the zone it is given, winter and summer', () => {
    expect(historyLineText({ t: 'slot', change: 'added', name: 'Aurora', start: '2030-12-08T20:00:00.000Z' }, LONDON)).toBe('Into the lineup: Aurora at 20:00 London time');
    expect(historyLineText({ t: 'slot', change: 'added', name: 'Aurora', start: '2030-06-02T20:00:00.000Z' }, LONDON)).toBe('Into the lineup: Aurora at 21:00 London time');
    expect(historyLineText({ t: 'slot_time', name: 'Aurora', from: '2030-06-02T20:00:00.000Z', to: '2030-06-02T21:00:00.000Z' }, { viewer: 'America/New_York', series: 'America/New_York' })).toBe(
      'Aurora: 16:00 → 17:00 New York time',
    );
  });

  it("writes times in the viewer's zone with the series' beside, summer and winter (decision 042)", () => {
    const newYork = { viewer: 'America/New_York', series: 'Europe/London' };
    expect(historyLineText({ t: 'slot_time', name: 'Aurora', from: '2030-06-02T20:00:00.000Z', to: '2030-06-02T21:00:00.000Z' }, newYork)).toBe(
      'Aurora: 16:00 → 17:00 New York time (21:00 → 22:00 London time)',
    );
    expect(historyLineText({ t: 'slot', change: 'added', name: 'Aurora', start: '2030-12-08T20:00:00.000Z' }, newYork)).toBe(
      'Into the lineup: Aurora at 15:00 New York time (20:00 London time)',
    );
    expect(historyLineText({ t: 'event', field: 'startDatetime', from: '2030-12-08T20:00:00.000Z', to: '2030-12-08T21:00:00.000Z' }, newYork)).toBe(
      'Start: Sun 8 Dec 15:00 → 16:00 New York time (Sun 8 Dec 20:00 → 21:00 London time)',
    );
  });

  it('says what happened in words', () => {
    expect(historyLineText({ t: 'answers', name: 'Aurora', fields: [] }, LONDON)).toBe('Aurora: answers sent again, unchanged');
    expect(historyLineText({ t: 'answers', name: 'Aurora', fields: ['Length', 'Notes'] }, LONDON)).toBe('Aurora: changed Length, Notes');
    expect(historyLineText({ t: 'preflight', step: 'textsCopied', done: true }, LONDON)).toBe('Announcement texts copied: ticked');
    expect(historyLineText({ t: 'discord', post: 'announcement', updated: true }, LONDON)).toBe('Updated the announcement');
    expect(historyLineText({ t: 'next_of', name: 'Week 1' }, LONDON)).toBe('Created as the next event after Week 1');
    expect(historyLineText({ t: 'confirmation', name: 'Aurora', dj: 'Aurora', to: 'declined' }, LONDON)).toBe('Aurora declined (Aurora)');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2030-06-02T12:00:00.000Z');
  it('says how long ago, pluralised', () => {
    expect(timeAgo('2030-06-02T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2030-06-02T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(timeAgo('2030-06-02T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2030-06-01T12:00:00.000Z', now)).toBe('1 day ago');
    expect(timeAgo('2030-01-01T12:00:00.000Z', now)).toBe('5 months ago');
  });
});
