/**
 * Opens a transaction, runs `work` in it and commits, or rolls back when `work` throws. `work` gets
 * the transaction and a way to run a plain statement (a savepoint) in it.
 */
export type OpenTransaction<Trx> = <R>(work: (trx: Trx, statement: (sql: string) => Promise<void>) => Promise<R>) => Promise<R>;

/**
 * At most this many works per group: a group runs without a turn of the event loop, and a failed
 * commit fails all of it.
 */
const GROUP_SIZE = 64;

type Outcome = { value: unknown } | { error: unknown };

interface Submitted<Trx> {
  work: (trx: Trx) => Promise<unknown>;
  settle: (outcome: Outcome) => void;
}

/**
 * Group commit (docs/decisions/018-group-commit-on-sqlite.md): each `work` is all or nothing (its own
 * savepoint), and the works that arrive in one turn of the event loop (a burst's requests, read
 * together) share one transaction, so SQLite writes the pages they change to its log once per
 * group instead of once per work. A work sees what the works before it in the group wrote, as if they
 * had committed first. Each settles only after the group's commit: a failed commit fails them all.
 */
export function groupCommits<Trx>(open: OpenTransaction<Trx>) {
  const waiting: Submitted<Trx>[] = [];

  const commit = (group: readonly Submitted<Trx>[]) =>
    open(async (trx, statement) => {
      const outcomes: Outcome[] = [];
      for (const { work } of group) {
        await statement('savepoint work');
        try {
          outcomes.push({ value: await work(trx) });
        } catch (error) {
          // When the database ended the whole transaction itself (a full disk, an I/O error), the
          // savepoint is gone: the work's own error then fails the group, rather than "no such
          // savepoint".
          await statement('rollback to savepoint work').catch(() => Promise.reject(error));
          outcomes.push({ error });
        }
        await statement('release savepoint work');
      }
      return outcomes;
    });

  const commitWaiting = () => {
    const group = waiting.splice(0, GROUP_SIZE);
    // A burst larger than a group: the rest form the next one, after the I/O that arrives meanwhile.
    if (waiting.length > 0) setImmediate(commitWaiting);
    commit(group).then(
      (outcomes) => group.forEach(({ settle }, index) => settle(outcomes[index]!)),
      (error: unknown) => group.forEach(({ settle }) => settle({ error })),
    );
  };

  return <T>(work: (trx: Trx) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // After this turn's I/O callbacks, so the requests read in the same turn join the group.
      if (waiting.length === 0) setImmediate(commitWaiting);
      waiting.push({ work, settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value as T)) });
    });
}
