import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where Lineup is installed: the folder of its package.json. Its `.env` and the default DATA_DIR
// (./data) are found there, wherever the process was started from: a service manager, cron or a
// shell in another folder must get the same settings and the same data (decision 039).

function findInstallDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** From src/server (tsx, tests) or dist/server (the build) alike. */
export const INSTALL_DIR = findInstallDir(path.dirname(fileURLToPath(import.meta.url)));

export interface EnvFileRead {
  /** The `.env` read (beside package.json), or null when there is none. */
  file: string | null;
  /** A `.env` in the current folder that was not read because it is not beside package.json. */
  ignored: string | null;
}

/**
 * Reads `.env` beside package.json into process.env; variables the environment already sets win.
 * A `.env` in the current folder elsewhere is named, not read, so the log can say so.
 */
export function readEnvFile(installDir = INSTALL_DIR): EnvFileRead {
  const file = path.join(installDir, '.env');
  const here = path.resolve('.env');
  const ignored = here !== file && fs.existsSync(here) ? here : null;
  if (!fs.existsSync(file)) return { file: null, ignored };
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new EnvFileError(`.env: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return { file, ignored };
}

/** A `.env` that exists but cannot be read: a start-up problem naming the file. */
export class EnvFileError extends Error {}
