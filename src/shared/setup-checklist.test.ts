import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from './schemas/settings.js';
import { isShippedExample, setupChecklist } from './setup-checklist.js';

const ALL_FIELDS = new Set(Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]);

const configured: Settings = {
  ...DEFAULT_SETTINGS,
  signupUrl: 'https://forms.community.net/signup',
  announcementRoleIds: ['123456789012345678'],
  schedulingChannelUrl: 'https://discord.com/channels/1/2',
  contactHostName: 'Ada',
  hostingGuideUrl: 'https://docs.community.net/hosting',
  sharedDriveUrl: 'https://drive.community.net/folder',
  chatServerUrl: 'https://discord.gg/community',
};

describe('setupChecklist', () => {
  it('lists every item on a fresh install, in page order, with why', () => {
    expect(setupChecklist(DEFAULT_SETTINGS, new Set()).map(({ field, reason }) => [field, reason])).toEqual([
      ['signupUrl', 'placeholder'],
      ['seriesName', 'unconfirmed'],
      ['defaultWeekday', 'unconfirmed'],
      ['announcementRoleIds', 'unset'],
      ['schedulingChannelUrl', 'unset'],
      ['contactHostName', 'placeholder'],
      ['hostingGuideUrl', 'unset'],
      ['sharedDriveUrl', 'unset'],
      ['chatServerUrl', 'unset'],
    ]);
    expect(setupChecklist(DEFAULT_SETTINGS, new Set())[2]!.label).toBe('Default weekday, time and zone');
  });

  it('is empty once everything is set and saved, even with the shipped series name and schedule', () => {
    expect(setupChecklist(configured, ALL_FIELDS)).toEqual([]);
  });

  it('asks to confirm the series name and schedule until they were saved', () => {
    const saved = new Set(ALL_FIELDS);
    saved.delete('defaultZone');
    expect(setupChecklist(configured, saved)).toEqual([{ field: 'defaultWeekday', label: 'Default weekday, time and zone', reason: 'unconfirmed' }]);
  });

  it('flags an emptied contact name; a saved link counts as set whatever its host', () => {
    const items = setupChecklist({ ...configured, sharedDriveUrl: 'https://drive.example.com/x', contactHostName: '' }, ALL_FIELDS);
    expect(items.map(({ field, reason }) => [field, reason])).toEqual([['contactHostName', 'unset']]);
  });

  it('the signup URL Lineup ships with stays a placeholder until an admin sets another', () => {
    expect(setupChecklist({ ...configured, signupUrl: DEFAULT_SETTINGS.signupUrl }, ALL_FIELDS)).toEqual([
      { field: 'signupUrl', label: 'Signup URL', reason: 'placeholder' },
    ]);
    expect(setupChecklist({ ...configured, signupUrl: 'https://forms.example.org/our-own-signup' }, ALL_FIELDS)).toEqual([]);
  });
});

describe('isShippedExample', () => {
  it('is the shipped value only, never decided by the host name', () => {
    expect(isShippedExample('signupUrl', DEFAULT_SETTINGS.signupUrl)).toBe(true);
    expect(isShippedExample('signupUrl', 'https://forms.example.org/our-own-signup')).toBe(false);
    expect(isShippedExample('chatServerUrl', 'https://EXAMPLE.com')).toBe(false);
    expect(isShippedExample('chatServerUrl', '')).toBe(false);
  });
});
