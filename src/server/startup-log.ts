import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import type { Config } from './config.js';
import { sqliteFile } from './db/open.js';
import { type EnvFileRead, INSTALL_DIR } from './install-dir.js';

// What the log says first: the version, the settings file and the data it runs with (the
// database named without its password), so a self-hoster sees at once whether the service found
// its `.env` and its data; and whether this Node.js is one Lineup supports (decision 038).

interface Package {
  version: string;
  engines?: { node?: string };
}

export const installedPackage = (installDir = INSTALL_DIR): Package =>
  JSON.parse(fs.readFileSync(path.join(installDir, 'package.json'), 'utf8')) as Package;

/** The database as the log may show it: a file, or a PostgreSQL server and database (never the password). */
export function databaseOf(config: Pick<Config, 'dataDir' | 'databaseUrl'>) {
  if (!config.databaseUrl) return { dialect: 'sqlite' as const, file: sqliteFile(config.dataDir) };
  const url = new URL(config.databaseUrl);
  return {
    dialect: 'postgres' as const,
    host: decodeURIComponent(url.hostname) || 'localhost',
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.slice(1)),
  };
}

/** The first log line: its fields and its message. */
export function startingLine(config: Pick<Config, 'dataDir' | 'databaseUrl'>, envFile: EnvFileRead, installDir = INSTALL_DIR): [object, string] {
  const { version } = installedPackage(installDir);
  const database = databaseOf(config);
  const settings = envFile.file ? `settings from ${envFile.file}` : `settings from the environment only (no .env beside ${path.join(installDir, 'package.json')})`;
  const stored =
    database.dialect === 'sqlite' ? `SQLite database ${database.file}` : `PostgreSQL database ${database.database} on ${database.host}:${database.port}`;
  return [
    { version, node: process.version, envFile: envFile.file, dataDir: config.dataDir, database },
    `Lineup ${version} starting: ${settings}, DATA_DIR ${config.dataDir}, ${stored}`,
  ];
}

/** Why this Node.js is not one package.json's `engines` names, or undefined when it is. */
export function nodeSupportProblem(version: string, range: string | undefined): string | undefined {
  if (!range || semver.satisfies(version, range)) return undefined;
  return `Node.js ${version} is not supported: Lineup needs ${range} (package.json "engines"). It may run, but upgrade Node.js`;
}
