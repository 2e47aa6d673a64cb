import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from './schemas/settings.js';
import { isPlaceholderLink, setupChecklist } from './setup-checklist.js';

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

  it('flags links to example domains and an emptied contact name', () => {
    const items = setupChecklist({ ...configured, sharedDriveUrl: 'https://drive.example.com/x', contactHostName: '' }, ALL_FIELDS);
    expect(items.map(({ field, reason }) => [field, reason])).toEqual([
      ['contactHostName', 'unset'],
      ['sharedDriveUrl', 'placeholder'],
    ]);
  });
});

describe('isPlaceholderLink', () => {
  it('knows the reserved example domains and their subdomains, nothing else', () => {
    expect(isPlaceholderLink('https://forms.example.org/sunday-service-signup')).toBe(true);
    expect(isPlaceholderLink('https://EXAMPLE.com')).toBe(true);
    expect(isPlaceholderLink('http://www.example.net/a')).toBe(true);
    expect(isPlaceholderLink('https://myexample.org')).toBe(false);
    expect(isPlaceholderLink('https://example.org.evil.test')).toBe(false);
    expect(isPlaceholderLink('')).toBe(false);
  });
});
