import type { LegacySlot, Signup, Slot } from '../schemas/lineup.js';

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
