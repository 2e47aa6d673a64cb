/**
 * Opens a transaction, runs `work` in it and commits, or rolls back when `work` throws. `work` gets
 * the transaction and a way to run a plain statement (a savepoint) in it.
 */
export type OpenTransaction<Trx> = <R>(work: (trx: Trx, statement: (sql: string) => Promise<void>) => Promise<R>) => Promise<R>;

/**
 * At most this many works per group: a failed commit fails all of it, and on SQLite a group runs
 * without a turn of the event loop.
 */
const GROUP_SIZE = 64;

type Outcome = { value: unknown } | { error: unknown };
type Work<Trx> = (trx: Trx) => Promise<unknown>;

/**
 * Runs a group's works in one transaction, in order, each all or nothing, and answers each one's
 * outcome; rejects when the transaction as a whole fails (its commit), which fails every work.
 */
export type CommitGroup<Trx> = (works: readonly Work<Trx>[]) => Promise<Outcome[]>;

/**
 * Each work under its own savepoint: one that throws is rolled back alone. For SQLite, where a
 * savepoint is a statement answered at once.
 */
export function savepointEach<Trx>(open: OpenTransaction<Trx>): CommitGroup<Trx> {
  return (works) =>
    open(async (trx, statement) => {
      const outcomes: Outcome[] = [];
      for (const work of works) {
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
}

/** A work of the group threw: the group's transaction is rolled back, and the works around it run again. */
class WorkFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('A work of the group failed');
  }
}

/**
 * No savepoints: a work that throws rolls back the whole group. Its error is its outcome (it
 * wrote nothing that lasts); the works before it run again as a group, then the works after it.
 * For PostgreSQL, where a savepoint and its release are two more round trips to the server, taken
 * while the group holds the lock its works wait on. Works must be safe to run again (they only
 * run statements on the transaction they are given), and answer a refusal they decide before
 * writing by returning it: a throw also lets the next group take the lock before the reruns. A
 * work must never swallow a statement's error: PostgreSQL then rolls back the whole group at its
 * commit, which fails every work in it (db/prepared-pg.ts).
 */
export function rerunAroundFailure<Trx>(open: <R>(work: (trx: Trx) => Promise<R>) => Promise<R>): CommitGroup<Trx> {
  const commit: CommitGroup<Trx> = async (works) => {
    if (works.length === 0) return [];
    try {
      return await open(async (trx) => {
        const outcomes: Outcome[] = [];
        for (const [index, work] of works.entries()) {
          try {
            outcomes.push({ value: await work(trx) });
          } catch (error) {
            throw new WorkFailed(index, error);
          }
        }
        return outcomes;
      });
    } catch (failure) {
      if (!(failure instanceof WorkFailed)) throw failure;
      // In this order, so each work sees what the works before it wrote, as in the first run.
      const before = await settled(commit, works.slice(0, failure.index));
      const after = await settled(commit, works.slice(failure.index + 1));
      return [...before, { error: failure.error }, ...after];
    }
  };
  return commit;
}

/** The works' outcomes, each the group's error when the group's transaction failed as a whole. */
const settled = <Trx>(commit: CommitGroup<Trx>, works: readonly Work<Trx>[]): Promise<Outcome[]> =>
  commit(works).catch((error: unknown) => works.map(() => ({ error })));

interface Submitted<Trx> {
  work: Work<Trx>;
  settle: (outcome: Outcome) => void;
}

/**
 * Group commit (docs/decisions/018-group-commit-on-sqlite.md, 019-group-commit-on-postgresql.md):
 * the works with the same key that arrive in one turn of the event loop (a burst's requests, read
 * together) share one transaction, each all or nothing as `commitGroup` keeps it, so the database
 * commits once per group instead of once per work, and on PostgreSQL the group takes the lock its
 * works wait on once. The key is what the works lock (the event): a group that locked several
 * rows in arrival order could deadlock with the next. A work sees what the works before it in the
 * group wrote, as if they had committed first. Each settles only after the group's commit: a
 * failed commit fails them all.
 */
export function groupCommits<Trx>(commitGroup: CommitGroup<Trx>) {
  const waiting = new Map<string, Submitted<Trx>[]>();

  const commitWaiting = (key: string) => {
    const queue = waiting.get(key)!;
    const group = queue.splice(0, GROUP_SIZE);
    // A burst larger than a group: the rest form the next one, after the I/O that arrives meanwhile.
    if (queue.length > 0) setImmediate(commitWaiting, key);
    else waiting.delete(key);
    settled(
      commitGroup,
      group.map(({ work }) => work),
    ).then((outcomes) => group.forEach(({ settle }, index) => settle(outcomes[index]!)));
  };

  return <T>(key: string, work: (trx: Trx) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let queue = waiting.get(key);
      if (!queue) {
        waiting.set(key, (queue = []));
        // After this turn's I/O callbacks, so the requests read in the same turn join the group.
        setImmediate(commitWaiting, key);
      }
      queue.push({ work, settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value as T)) });
    });
}
