// Stored values that today's rules would refuse (docs/decisions/033-stored-data-reads-as-stored.md):
// an event, signup, slot or DJ saved before a rule was made stricter, or imported, reads as
// stored; these functions say what no longer passes, so the page asks staff (or the DJ) to fix it
// and the server logs it. Each checks with the very schema a save uses, so the two never differ.
import { type SaveEventBody, type LineupEvent, eventFieldsSchema, saveEventSchema } from './schemas/events.js';
import { djInputSchema, type Dj } from './schemas/djs.js';
import { pickFields } from './schemas/fields.js';
import { type Signup, type Slot, slotSchema, type StaffSignup, staffSignupSchema } from './schemas/lineup.js';

const EVENT_FIELDS = eventFieldsSchema.keyof().options;
const STAFF_SIGNUP_FIELDS = staffSignupSchema.keyof().options;
const SLOT_FIELDS = slotSchema.keyof().options;

/** The staff-editable part of a signup: the DJ's own answers are not staff's to change. */
export const staffPart = (signup: Signup): StaffSignup => pickFields(STAFF_SIGNUP_FIELDS, signup);
const slotPart = (slot: Slot): Slot => pickFields(SLOT_FIELDS, slot);

/** What a save of the event would send of it: its fields, its signups' staff part and its slots, as the save's schema lists them. */
export function editableParts(event: LineupEvent): Pick<SaveEventBody, 'event' | 'signups' | 'slots'> {
  return { event: pickFields(EVENT_FIELDS, event), signups: event.signups.map(staffPart), slots: event.slots.map(slotPart) };
}

/** Where a problem is fixed: the event page's tab (its path segment) and what on it. */
export interface StoredProblem {
  tab: 'setup' | 'lineup' | 'technicalDetails';
  /** 'Public link 2', 'Signup "Rex"', 'Slot 3'; '' for the event's own fields. */
  where: string;
  message: string;
}

const shortName = (name: string) => {
  const line = name.replace(/\s+/g, ' ').trim();
  return [...line].length > 40 ? `${[...line].slice(0, 39).join('')}…` : line;
};

/** What a save of the event as stored would refuse, one problem per field (its messages together), in the page's order. */
export function eventStoredProblems(event: LineupEvent): StoredProblem[] {
  const parsed = saveEventSchema.safeParse({ baseVersion: 1, ...editableParts(event), removedSignupUuids: [], resolvedUpdates: [] });
  if (parsed.success) return [];
  const byField = new Map<string, StoredProblem>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.slice(0, 4).join('.');
    const known = byField.get(key);
    if (known) {
      if (!known.message.includes(issue.message)) known.message += ` ${issue.message}`;
      continue;
    }
    byField.set(key, { ...placeOf(event, issue.path), message: issue.message });
  }
  return [...byField.values()];
}

/** Where a problem at `path` (of the save's body) is fixed. */
function placeOf(event: LineupEvent, [part, index, field]: readonly PropertyKey[]): Omit<StoredProblem, 'message'> {
  if (part === 'signups' && typeof index === 'number') return { tab: 'lineup', where: `Signup "${shortName(event.signups[index]?.name ?? '')}"` };
  if (part === 'slots' && typeof index === 'number') {
    return { tab: field === 'streamSourceUrl' || field === 'streamSourceType' ? 'technicalDetails' : 'lineup', where: `Slot ${index + 1}` };
  }
  if (part === 'event' && index === 'publicLinks' && typeof field === 'number') return { tab: 'setup', where: `Public link ${field + 1}` };
  return { tab: 'setup', where: '' };
}

/** The DJ form's fields a DJ record can hold wrong (the Discord ID has its own story: legacy DJs have none). */
const DJ_CHECKED = ['publicName', 'djName', 'rtmpUrl', 'twitchUsername'] as const;

/** What the DJ form would refuse of a stored DJ record, by field. */
export function djStoredProblems(dj: Pick<Dj, (typeof DJ_CHECKED)[number]>): Partial<Record<(typeof DJ_CHECKED)[number], string>> {
  const problems: Partial<Record<(typeof DJ_CHECKED)[number], string>> = {};
  for (const field of DJ_CHECKED) {
    const parsed = djInputSchema.shape[field].safeParse(dj[field]);
    if (!parsed.success) problems[field] = parsed.error.issues[0]!.message;
  }
  return problems;
}
