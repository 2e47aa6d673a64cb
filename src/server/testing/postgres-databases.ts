import { randomUUID } from 'node:crypto';
import pg from 'pg';

// Databases on the PostgreSQL server of the tests (TEST_DATABASE_URL), one per test app.

/** A new database on the test server: empty, or a copy of `template` (a database nobody is connected to). */
export async function createPostgresDatabase(template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `lineup_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
