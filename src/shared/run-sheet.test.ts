import { describe, expect, it } from 'vitest';
import type { Dj } from './schemas/djs.js';
import { preflight } from './preflight.js';
import { runSheet, type RunSheetEvent } from './run-sheet.js';
import { buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const djs: Record<string, Dj> = {};
const LONDON = { viewer: 'Europe/London', series: 'Europe/London' };

const event = (startDatetime: string, overrides: Partial<RunSheetEvent> = {}): RunSheetEvent => ({
  name: 'Sunday Service',
  startDatetime,
  signups: [buildSignup('a', { name: 'Rex Rhythm' }), buildSignup('b', { name: 'Night Owl', requestedDuration: 0.5 }), buildSignup('c', { name: 'Late One' })],
  slots: [
    buildSlot('a', { streamSourceType: 'RTMP', streamSourceUrl: 'rtmp://live.example.org/app/rex' }),
    buildSlot('b', { streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/night_owl' }),
    buildSlot('c', { streamSourceType: 'VRCDN', streamSourceUrl: '' }),
  ],
  ...overrides,
});

describe('runSheet', () => {
  it('lists each slot in London summer time, a slot without a source saying so', () => {
    expect(runSheet(event('2024-06-09T19:00:00.000Z'), djs, LONDON)).toBe(
      [
        'Run sheet: Sunday Service, Sun 9 Jun 2024 (times in BST)',
        '',
        '20:00–21:00  Rex Rhythm  RTMP rtmp://live.example.org/app/rex',
        '21:00–21:30  Night Owl  Twitch https://twitch.tv/night_owl',
        '21:30–22:30  Late One  No stream source set',
      ].join('\n'),
    );
  });

  it('names the standbys under the slots, for the night a DJ does not show', () => {
    const withStandby = event('2024-06-09T19:00:00.000Z');
    withStandby.signups.push(buildSignup('d', { name: 'Deep  Cut', standby: true }), buildSignup('e', { name: 'Echo', standby: true }));
    expect(runSheet(withStandby, djs, LONDON).split('\n').slice(-2)).toEqual(['', 'Standby: Deep Cut, Echo']);
  });

  it('uses GMT in winter and the lineup crossing midnight wraps to the next day', () => {
    const sheet = runSheet(event('2024-12-08T22:30:00.000Z'), djs, LONDON);
    expect(sheet.split('\n')).toEqual([
      'Run sheet: Sunday Service, Sun 8 Dec 2024 (times in GMT)',
      '',
      '22:30–23:30  Rex Rhythm  RTMP rtmp://live.example.org/app/rex',
      '23:30–00:00  Night Owl  Twitch https://twitch.tv/night_owl',
      '00:00–01:00  Late One  No stream source set',
    ]);
  });

  it('a prerecord needs no link, as the preflight says: one rule for both', () => {
    const signups = [buildSignup('p', { name: 'Tape Deck', type: 'PRERECORD' }), buildSignup('q', { name: 'Booth Set' }), buildSignup('r', { name: 'Quiet One' })];
    const slots = [
      buildSlot('p', { streamSourceType: 'PRERECORD', streamSourceUrl: '' }),
      // Staff chose PreRecord as the source on Stream Details for a live signup.
      buildSlot('q', { streamSourceType: 'PRERECORD', streamSourceUrl: '' }),
      buildSlot('r', { streamSourceType: 'VRCDN', streamSourceUrl: '' }),
    ];
    const prerecorded = { ...event('2024-06-09T19:00:00.000Z'), signups, slots };
    expect(runSheet(prerecorded, djs, LONDON).split('\n').slice(2)).toEqual([
      '20:00–21:00  Tape Deck  PreRecord',
      '21:00–22:00  Booth Set  PreRecord',
      '22:00–23:00  Quiet One  No stream source set',
    ]);
    expect(preflight({ ...prerecorded, host: 'Hal', preflight: { textsCopied: null, streamDetailsChecked: null } }).find((item) => item.id === 'streams')).toMatchObject({
      done: false,
      detail: 'No source: Quiet One',
    });
  });

  it("uses the viewer's zone, with the series' in brackets where its clock differs, summer and winter", () => {
    const newYork = { viewer: 'America/New_York', series: 'Europe/London' };
    expect(runSheet(event('2024-06-09T19:00:00.000Z'), djs, newYork).split('\n').slice(0, 3)).toEqual([
      'Run sheet: Sunday Service, Sun 9 Jun 2024 (times in EDT, BST in brackets)',
      '',
      '15:00–16:00 (20:00–21:00)  Rex Rhythm  RTMP rtmp://live.example.org/app/rex',
    ]);
    expect(runSheet(event('2024-12-08T20:00:00.000Z'), djs, newYork).split('\n').slice(0, 3)).toEqual([
      'Run sheet: Sunday Service, Sun 8 Dec 2024 (times in EST, GMT in brackets)',
      '',
      '15:00–16:00 (20:00–21:00)  Rex Rhythm  RTMP rtmp://live.example.org/app/rex',
    ]);
    // The series' zone alone names the times when it is the viewer's too.
    expect(runSheet(event('2024-06-09T19:00:00.000Z'), djs, { viewer: 'America/New_York', series: 'America/New_York' }).split('\n')[2]).toBe(
      '15:00–16:00  Rex Rhythm  RTMP rtmp://live.example.org/app/rex',
    );
  });

  it('names the zone on a slot after the clocks changed overnight', () => {
    // Saturday 26 October 2024, 23:00 BST; at 02:00 BST the clocks go back to 01:00 GMT.
    const slots = ['a', 'c', 'a2', 'c2'].map((uuid) => buildSlot(uuid));
    const signups = slots.map((slot) => buildSignup(slot.signupUuid!, { name: `Act ${slot.signupUuid}` }));
    const lines = runSheet(event('2024-10-26T22:00:00.000Z', { slots, signups }), djs, LONDON).split('\n');
    expect(lines[0]).toBe('Run sheet: Sunday Service, Sat 26 Oct 2024 (times in BST)');
    expect(lines.slice(2).map((line) => line.split('  ')[0])).toEqual(['23:00–00:00', '00:00–01:00', '01:00–01:00', '01:00–02:00 GMT']);
  });

  it('keeps names on one line and says what a slot lacks', () => {
    const sheet = runSheet(
      event('2024-06-09T19:00:00.000Z', {
        name: 'Two\nLines',
        signups: [buildSignup('a', { name: 'Rex\r\nRhythm' })],
        slots: [buildSlot('a', { streamSourceType: 'PRERECORD', streamSourceUrl: 'https://files.example.org/rex.mp4' }), buildLegacySlot({ djName: null }), buildSlot('gone')],
      }),
      djs,
      LONDON,
    );
    expect(sheet.split('\n')).toEqual([
      'Run sheet: Two Lines, Sun 9 Jun 2024 (times in BST)',
      '',
      '20:00–21:00  Rex Rhythm  PreRecord https://files.example.org/rex.mp4',
      '21:00–22:00  Unnamed slot  No stream source set',
      '22:00–23:00  Unnamed slot  No stream source set',
    ]);
  });

  it('shows a VRCDN stream as the operator pulls it, and masks a stream key unless asked', () => {
    const withSources = event('2024-06-09T19:00:00.000Z', {
      slots: [
        buildSlot('a', { streamSourceType: 'VRCDN', streamSourceUrl: 'rtmp://stream.vrcdn.live/live/rex' }),
        // A VRCDN ingest address with its key, as a DJ pasted it (VRCDN's OBS settings).
        buildSlot('b', { streamSourceType: 'RTMP', streamSourceUrl: 'rtmp://ingest.vrcdn.live/live/owl_sk_q8v7x2m4k9' }),
      ],
    });
    expect(runSheet(withSources, djs, LONDON).split('\n').slice(2)).toEqual([
      '20:00–21:00  Rex Rhythm  VRCDN rtmp://stream.vrcdn.live/live/rex',
      '21:00–21:30  Night Owl  RTMP rtmp://ingest.vrcdn.live/live/owl_sk_•••• (a private stream key, not a playback link: ask the DJ for theirs)',
    ]);
    expect(runSheet(withSources, djs, LONDON, { revealKeys: true })).toContain('rtmp://ingest.vrcdn.live/live/owl_sk_q8v7x2m4k9 (a private stream key');
  });

  it('says so when the lineup is empty', () => {
    expect(runSheet(event('2024-06-09T19:00:00.000Z', { slots: [] }), djs, LONDON)).toBe(
      'Run sheet: Sunday Service, Sun 9 Jun 2024 (times in BST)\n\nNo slots yet',
    );
  });
});
