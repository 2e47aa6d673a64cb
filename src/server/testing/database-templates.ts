import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openStore, sqliteFile } from '../db/open.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgres-databases.js';

// Vitest's global setup: the migrations run once per run, into a template of each database, and
// every test app (harness.ts) starts from a copy: a file copy on SQLite, CREATE DATABASE ...
// TEMPLATE on PostgreSQL. Tests of the migrations themselves (db/migrate.test.ts, startup.test.ts)
// open their own empty databases and still run them.

export interface DatabaseTemplates {
  /** A migrated SQLite file, closed (no WAL beside it). */
  sqliteFile: string;
  /** A migrated PostgreSQL database on the test server, nobody connected; when TEST_DATABASE_URL is set. */
  postgresDatabase?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-template-'));
  await (await openStore({ dataDir })).close();
  const postgresUrl = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  if (postgresUrl) await (await openStore({ dataDir, databaseUrl: postgresUrl })).close();
  project.provide('databaseTemplates', {
    sqliteFile: sqliteFile(dataDir),
    ...(postgresUrl ? { postgresDatabase: new URL(postgresUrl).pathname.slice(1) } : {}),
  });
  return async () => {
    if (postgresUrl) await dropPostgresDatabase(postgresUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
