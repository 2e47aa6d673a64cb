import type { EventDetail } from '../schemas/events.js';
import type { LegacySlot, Signup, Slot } from '../schemas/lineup.js';
import type { SignupFormData } from '../schemas/signup.js';
import { newStaffSignup } from '../lineup.js';

// Test data builders for lineup values: a plausible value, with only what a test cares about
// given. Used by unit tests on both sides and by the server's integration tests.

export function buildSignup(uuid: string, overrides: Partial<Signup> = {}): Signup {
  const dj = { id: `dj-${uuid}`, discordId: null, publicName: '', djName: `Act ${uuid}`, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' };
  return { ...newStaffSignup(dj, uuid), ...overrides };
}

export function buildFormData(overrides: Partial<SignupFormData> = {}): SignupFormData {
  return {
    event_id: 'e1',
    name: 'Rex',
    is_b2b: false,
    b2b_members_response: '',
    requested_duration: 1,
    type: 'LIVE',
    stream_link: '',
    available_from: 'any',
    available_to: 'any',
    confirm_expectations: true,
    dj_notes: '',
    ...overrides,
  };
}

/** A slot playing the given signup. */
export function buildSlot(signupUuid: string, overrides: Partial<Slot> = {}): Slot {
  return { signupUuid, legacy: null, streamSourceUrl: '', streamSourceType: 'VRCDN', ...overrides };
}

/** A slot from before signups existed: its own name, DJ and length. */
export function buildLegacySlot(legacy: Partial<LegacySlot> = {}, overrides: Partial<Slot> = {}): Slot {
  return {
    signupUuid: null,
    legacy: { djName: 'Legacy DJ', djRef: null, duration: 1, isDebut: false, slotType: 'LIVE', ...legacy },
    streamSourceUrl: '',
    streamSourceType: 'VRCDN',
    ...overrides,
  };
}

/** An event as the event page loads it: no signups, no lineup, unpublished, version 1. */
export function buildEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  const start = overrides.startDatetime ?? '2030-06-02T19:00:00.000Z';
  return {
    id: 'e1',
    name: 'Sunday Service',
    startDatetime: start,
    endDatetime: start,
    host: '',
    message: '',
    footer: '',
    signupsAreOpen: true,
    signupsCloseAt: null,
    signupCap: null,
    publicLinks: [],
    published: false,
    cancelled: false,
    slots: [],
    signups: [],
    djPlays: [],
    version: 1,
    preflight: { textsCopied: null, streamDetailsChecked: null },
    djs: {},
    otherEventsByDj: {},
    ...overrides,
  };
}
