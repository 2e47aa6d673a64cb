import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// deploy/lineup@.service, the systemd unit README's "Running as a service" installs, checked by
// systemd itself (systemd 252, Debian 12): `systemd-analyze verify` finds no error or warning,
// and `systemd-analyze security` rates its hardening. `bash .ci/run` installs systemd where
// systemd-analyze is missing; without it this says so loudly and skips.

const UNIT = path.resolve('deploy/lineup@.service');
const analyze = (...args: string[]) => spawnSync('systemd-analyze', args, { encoding: 'utf8' });
const available = analyze('--version').status === 0;
if (!available) {
  console.warn(
    '\n!!!!!!!!\n!!! systemd-analyze cannot run here: deploy/lineup@.service is NOT verified.\n!!! apt-get install systemd (bash .ci/run does), then run this again.\n!!!!!!!!\n',
  );
}

/** The unit's settings, `Key` → its values in order. */
function settings(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}

/** The unit as this machine can check it: ExecStart's Node.js where it is installed here. */
function checkableUnit(): string {
  if (fs.existsSync('/usr/bin/node')) return UNIT;
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-unit-')), 'lineup@.service');
  fs.writeFileSync(copy, fs.readFileSync(UNIT, 'utf8').replace(' /usr/bin/node ', ` ${process.execPath} `));
  return copy;
}

test.runIf(available)('systemd-analyze verify finds no error and no warning in the unit', () => {
  const result = analyze('verify', checkableUnit());
  // Only what it says about this unit (other units on the machine are not ours to judge).
  const aboutIt = result.stderr.split('\n').filter((line) => line.includes('lineup@'));
  expect(aboutIt).toEqual([]);
  expect(result.status).toBe(0);
});

test.runIf(available)('its hardening rates OK or better (systemd-analyze security, exposure at most 2 of 10)', () => {
  const result = analyze('security', '--offline=yes', checkableUnit());
  expect(result.status).toBe(0);
  const exposure = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(result.stdout)?.[1]);
  expect(exposure).toBeLessThanOrEqual(2);
});

test('it runs the built app from the install folder with its .env, restarts after a failure, and stops with SIGTERM', () => {
  const unit = settings(fs.readFileSync(UNIT, 'utf8'));
  expect(unit.get('WorkingDirectory')).toEqual(['/srv/lineup']);
  expect(unit.get('EnvironmentFile')).toEqual(['-/srv/lineup/.env']);
  // The instance's port and production mode win over the .env (systemd lets an EnvironmentFile
  // override Environment= lines, not a command's own environment).
  expect(unit.get('Environment')).toBeUndefined();
  expect(unit.get('ExecStart')).toEqual(['/usr/bin/env NODE_ENV=production PORT=%i /usr/bin/node dist/server/main.js']);
  expect(unit.get('Restart')).toEqual(['on-failure']);
  expect(unit.get('KillSignal')).toEqual(['SIGTERM']);
  expect(unit.get('ReadWritePaths')).toEqual(['/srv/lineup/data']);
  expect(unit.get('UMask')).toEqual(['0077']);
  // dist/server/main.js is what the server build writes.
  const serverBuild = fs.readFileSync('vite.server.config.ts', 'utf8');
  expect(serverBuild).toContain("outDir: 'dist/server'");
  expect(serverBuild).toContain("main: 'src/server/main.ts'");
});
