import type { EventDetail } from '../schemas/events.js';
import { NEW_SIGNUP } from '../lineup.js';
import type { LegacySlot, Signup, Slot } from '../schemas/lineup.js';
import { SIGNUP_ANSWER_DEFAULTS, type SignupFormData } from '../schemas/signup-answers.js';

// Test data builders for lineup values: a plausible value, with only what a test cares about
// given. Used by unit tests on both sides and by the server's integration tests.

export function buildSignup(uuid: string, overrides: Partial<Signup> = {}): Signup {
  return { uuid, name: `Act ${uuid}`, djRefs: [`dj-${uuid}`], ...NEW_SIGNUP, updateFields: [], confirmations: {}, ...overrides };
}

/** A DJ's answers to the wizard: Rex, one hour live, any time. */
export function buildFormData(overrides: Partial<SignupFormData> = {}): SignupFormData {
  return { ...SIGNUP_ANSWER_DEFAULTS, event_id: 'e1', name: 'Rex', confirm_expectations: true, ...overrides };
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
