import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startTestApp } from '../testing/harness.js';

test('npm run backup writes a consistent copy of the embedded database while the app runs', async () => {
  const app = await startTestApp('sqlite');
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-backup-')), 'copy.db');
  try {
    const { djId } = await app.signIn(['admin'], { djName: 'Backed Up' });
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', target], {
      env: { PATH: process.env.PATH, DATA_DIR: app.dataDir },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const copy = new SQLite(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select dj_name from djs where id = ?').get(djId)).toEqual({ dj_name: 'Backed Up' });
    } finally {
      copy.close();
    }
    // The app is still serving after the backup.
    expect((await app.request('GET', '/healthz')).status).toBe(200);
  } finally {
    await app.destroy();
    fs.rmSync(path.dirname(target), { recursive: true, force: true });
  }
});

test('backup explains itself when no target file is given', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts'], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe('usage: npm run backup -- FILE');
});
