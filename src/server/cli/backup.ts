import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { exportArchive } from '../archive/export.js';
import { passwordApart } from '../db/connection-string.js';
import { sqliteFile } from '../db/open.js';
import { databaseOf } from '../startup-log.js';
import { cliConfig, openConfiguredStore, runCli } from './run.js';

// `npm run backup -- [--keep N] [FILE | FOLDER]`: a consistent copy of the data, safe while the
// app runs. SQLite: the online backup API copies a snapshot page by page without blocking writers
// for long. PostgreSQL: pg_dump's custom format where pg_dump is installed (pg_restore brings it
// back), otherwise the Lineup archive (npm run import brings it back into an empty database).
// Without FILE, into DATA_DIR/backups (or the FOLDER given) named by the time; --keep N then
// removes all but the newest N there. Backups hold webhook URLs and sessions: only their owner
// may read them (mode 0600, folders 0700), and a backup appears under its name only once whole.

const USAGE = 'usage: npm run backup -- [--keep N] [FILE | FOLDER]';

function usage(problem?: string): never {
  console.error(problem ? `${problem}\n${USAGE}` : USAGE);
  process.exit(2);
}

let args;
try {
  args = parseArgs({ allowPositionals: true, options: { keep: { type: 'string' } } });
} catch (error) {
  usage((error as Error).message);
}
if (args.positionals.length > 1) usage();
const keepArg = args.values.keep;
if (keepArg !== undefined && !/^[1-9]\d*$/.test(keepArg)) usage('--keep must be a whole number of backups, 1 or more');
const keep = keepArg === undefined ? undefined : Number(keepArg);
// `npm run` starts in the package's folder: a relative FILE is where the person typed it.
const given = args.positionals[0] === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]);

/** The names backups are given in a folder: the time (UTC), so they sort oldest first. */
const BACKUP_NAME = /^lineup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.(db|dump|json)$/;
const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '-');

process.umask(0o077);

await runCli('Backup', async () => {
  const config = cliConfig();
  const folder = given === undefined ? path.join(config.dataDir, 'backups') : isFolder(given) ? given : undefined;
  if (keep !== undefined && folder === undefined) usage(`--keep removes older backups from a folder: ${given} is not one`);
  const fileFor = (extension: string) => (folder ? path.join(folder, `lineup-${stamp()}.${extension}`) : given!);

  const written = config.databaseUrl ? await backUpPostgres(config.databaseUrl, fileFor) : await backUpSqlite(config.dataDir, fileFor);
  if (folder && keep !== undefined) {
    const removed = removeOlder(folder, keep, written);
    if (removed.length > 0) console.log(`Removed ${removed.length} older backup${removed.length === 1 ? '' : 's'} from ${folder} (--keep ${keep}): ${removed.join(', ')}`);
  }
});

async function backUpSqlite(dataDir: string, fileFor: (extension: string) => string): Promise<string> {
  const source = sqliteFile(dataDir);
  if (!fs.existsSync(source)) throw new Error(`there is no database at ${source} (is DATA_DIR the service's?)`);
  let database: SQLite.Database;
  try {
    database = new SQLite(source, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`cannot read the database ${source} (${(error as Error).message})`, { cause: error });
  }
  const file = fileFor('db');
  try {
    await writePrivately(file, async (partial) => {
      await database.backup(partial);
    });
  } finally {
    database.close();
  }
  console.log(`Backed up ${source} to ${file}`);
  return file;
}

async function backUpPostgres(databaseUrl: string, fileFor: (extension: string) => string): Promise<string> {
  const database = databaseOf({ dataDir: '', databaseUrl });
  const named = `the PostgreSQL database ${database.database} on ${database.host}:${database.port}`;
  if (hasPgDump()) {
    const file = fileFor('dump');
    // The password goes to pg_dump through its environment: a command line is visible to every
    // user of the machine (ps), an environment only to the same user.
    const { url, password } = passwordApart(databaseUrl);
    await writePrivately(file, async (partial) => {
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`], {
        encoding: 'utf8',
        env: { ...process.env, ...(password !== undefined && { PGPASSWORD: password }) },
      });
      if (dump.status !== 0) throw new Error(`pg_dump could not back up ${named}: ${dump.stderr.trim() || `exit ${dump.status}`}`);
    });
    console.log(`Backed up ${named} with pg_dump to ${file} (restore with pg_restore into an empty database).`);
    return file;
  }
  const file = fileFor('json');
  const store = await openConfiguredStore();
  try {
    const archive = `${JSON.stringify(await exportArchive(store.db), null, 2)}\n`;
    await writePrivately(file, async (partial) => fs.writeFileSync(partial, archive));
  } finally {
    await store.close();
  }
  console.log(`pg_dump is not installed: backed up ${named} as a Lineup archive to ${file} (restore with npm run import into an empty database).`);
  return file;
}

/**
 * Writes `file` through `write(partial)`: a file beside it, readable by its owner only, renamed
 * to `file` once whole (a failed backup leaves nothing under a backup's name). Errors name the file.
 */
async function writePrivately(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const folder = path.dirname(file);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Error(`cannot create the folder ${folder} (${codeOf(error)})`, { cause: error });
  }
  const partial = path.join(folder, `.${path.basename(file)}.partial`);
  try {
    fs.closeSync(fs.openSync(partial, 'w', 0o600));
    fs.chmodSync(partial, 0o600);
  } catch (error) {
    throw new Error(`cannot write ${file} (${codeOf(error)})`, { cause: error });
  }
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw code ? new Error(`cannot write ${file} (${codeOf(error)})`, { cause: error }) : error;
  }
}

/** Removes all but the newest `keep` backups (the one just written among them) from `folder`. */
function removeOlder(folder: string, keep: number, written: string): string[] {
  const older = fs
    .readdirSync(folder)
    .filter((name) => BACKUP_NAME.test(name) && name !== path.basename(written))
    .sort()
    .reverse()
    .slice(keep - 1);
  for (const name of older) {
    try {
      fs.rmSync(path.join(folder, name));
    } catch (error) {
      throw new Error(`cannot remove the old backup ${path.join(folder, name)} (${codeOf(error)})`, { cause: error });
    }
  }
  return older;
}

function isFolder(target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    return false;
  }
}

function hasPgDump(): boolean {
  return spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** A file system error as `EACCES: permission denied`, without the file (the message names the one that matters). */
function codeOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code}: ${message.replace(/^\w+: /, '').replace(/, \w+ '.*'$/, '')}` : message;
}
