import type { EventDetail } from '../schemas/events.js';
import { NEW_SIGNUP } from '../lineup.js';
import type { LegacySlot, Signup, Slot } from '../schemas/lineup.js';
import { SIGNUP_ANSWER_DEFAULTS, type SignupFormData } from '../schemas/signup-answers.js';
import type { SignupArea } from '../schemas/signup.js';

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

type Named = NonNullable<SignupArea['named']>;

/**
 * A DJ's signup area (their signup page): Aurora, slotted 20:00–21:00 UTC on Sunday 9 June 2030 in
 * a London series, her slot proposed; `named` changes the signup naming her, `overrides` the rest.
 */
export function buildSignupArea(named: Partial<Named> = {}, overrides: Partial<SignupArea> = {}): SignupArea {
  return {
    event: { id: 'e1', name: 'Sunday Service 12', startDatetime: '2030-06-09T19:00:00.000Z', signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
    dj: { id: 'd1', djName: 'Aurora', publicName: 'Aurora Pub' },
    signup: buildFormData({ name: 'Aurora' }),
    named: {
      signupName: 'Aurora',
      slot: { startTime: '2030-06-09T20:00:00.000Z', endTime: '2030-06-09T21:00:00.000Z' },
      answersByOther: false,
      confirmation: 'proposed',
      updatePending: false,
      dismissedChanges: [],
      standby: false,
      streamTestedAt: null,
      ...named,
    },
    closesAt: null,
    seriesZone: 'Europe/London',
    contactHostName: 'Hal',
    previousStreamLinks: [],
    ...overrides,
  };
}
