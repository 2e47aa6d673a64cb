import { databaseOf, nodeSupportProblem } from './startup-log.js';

// What the first log lines say about the Node.js and the database a start-up found.

test('a Node.js outside engines is named, with the range Lineup needs', () => {
  const range = '^22.13.0 || ^24.0.0 || ^26.0.0';
  expect(nodeSupportProblem('v22.13.0', range)).toBeUndefined();
  expect(nodeSupportProblem('v24.1.0', range)).toBeUndefined();
  expect(nodeSupportProblem('v20.20.2', range)).toBe(
    'Node.js v20.20.2 is not supported: Lineup needs ^22.13.0 || ^24.0.0 || ^26.0.0 (package.json "engines"). It may run, but upgrade Node.js',
  );
  expect(nodeSupportProblem('v20.20.2', undefined)).toBeUndefined();
});

test('the database is named without its password', () => {
  expect(databaseOf({ dataDir: '/srv/lineup/data', databaseUrl: undefined })).toEqual({ dialect: 'sqlite', file: '/srv/lineup/data/lineup.db' });
  const postgres = databaseOf({ dataDir: '/srv/lineup/data', databaseUrl: 'postgres://lineup:hunter2@db.internal/lineup?sslmode=require' });
  expect(postgres).toEqual({ dialect: 'postgres', host: 'db.internal', port: 5432, database: 'lineup' });
  expect(JSON.stringify(postgres)).not.toContain('hunter2');
});
