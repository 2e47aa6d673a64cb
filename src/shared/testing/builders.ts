import type { Signup, Slot } from '../domain.js';

// Test data builders for lineup values: a plausible value, with only what a test cares about
// given. Used by unit tests on both sides and by the server's integration tests.

export function buildSignup(uuid: string, overrides: Partial<Signup> = {}): Signup {
  return {
    uuid,
    name: `Act ${uuid}`,
    djRefs: [`dj-${uuid}`],
    isDebut: false,
    requestedDuration: 1,
    type: 'LIVE',
    hidden: false,
    formData: null,
    ...overrides,
  };
}

/** A slot whose start time is deliberately stale: laying out must not trust it. */
export function buildSlot(overrides: Partial<Slot> = {}): Slot {
  return {
    signupUuid: null,
    djName: null,
    djRef: null,
    startTime: '2000-01-01T00:00:00.000Z',
    duration: 1,
    isDebut: false,
    slotType: 'LIVE',
    streamSourceUrl: '',
    streamSourceType: 'VRCDN',
    ...overrides,
  };
}
