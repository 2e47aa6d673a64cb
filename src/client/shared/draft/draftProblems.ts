import type { LineupEvent, SaveEventBody } from '@shared/schemas/events';
import { saveEventSchema } from '@shared/schemas/events';

/**
 * The draft's problems as the save would find them (saveEventSchema), by where they show: a path
 * into the draft ('name', 'publicLinks.0.url', 'slots.2.streamSourceUrl'), with a signup named by
 * its uuid ('signups.<uuid>.name'), as its card knows it.
 */
export type DraftProblems = Readonly<Record<string, string>>;

export function draftProblems(body: SaveEventBody, draft: LineupEvent): DraftProblems {
  const parsed = saveEventSchema.safeParse(body);
  if (parsed.success) return NONE;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [first, second, ...rest] = issue.path;
    const path =
      first === 'event' ? [second, ...rest] : first === 'signups' && typeof second === 'number' ? ['signups', draft.signups[second]?.uuid, ...rest] : issue.path;
    problems[path.join('.')] ??= issue.message;
  }
  return problems;
}

const NONE: DraftProblems = {};

/** Whether two sets of problems say the same (so a draft edit that changes none re-renders no field). */
export const sameProblems = (a: DraftProblems, b: DraftProblems) => JSON.stringify(a) === JSON.stringify(b);
