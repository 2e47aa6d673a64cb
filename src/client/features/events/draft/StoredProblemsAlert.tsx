import { useMemo } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { eventStoredProblems, type StoredProblem } from '@shared/stored-problems';
import type { EventTabDefinition } from '@client/shared/eventTabs';
import { useDraft, useStoredEvent } from '@client/shared/draft';

const keyOf = (problem: StoredProblem) => `${problem.tab}|${problem.where}|${problem.message}`;

/**
 * Values stored before today's rules (or imported) that a save would refuse: the page shows them
 * as stored, and this says which to fix and on which tab (decision 033). One the draft has fixed
 * already is no longer listed.
 */
export function StoredProblemsAlert({ tabs }: { tabs: readonly EventTabDefinition[] }) {
  const { stored } = useStoredEvent();
  const draft = useDraft();
  const inStored = useMemo(() => eventStoredProblems(stored), [stored]);
  const open = useMemo(() => {
    if (inStored.length === 0) return inStored;
    const inDraft = new Set(eventStoredProblems(draft).map(keyOf));
    return inStored.filter((problem) => inDraft.has(keyOf(problem)));
  }, [inStored, draft]);
  if (open.length === 0) return null;
  const label = (tab: StoredProblem['tab']) => tabs.find((definition) => definition.tab === tab)?.label ?? tab;
  return (
    <Alert variant="warning" data-testid="stored-problems">
      <h2 className="alert-heading h6">Some stored values need fixing</h2>
      <p className="mb-2">
        They are shown as stored (saved before a rule was made stricter, or imported), but a save refuses them until they are fixed:
      </p>
      <ul className="mb-0">
        {open.map((problem) => (
          <li key={keyOf(problem)}>
            <Link to={paths.event(stored.id, problem.tab)}>{label(problem.tab)}</Link>
            {problem.where && `, ${problem.where}`}: {problem.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
