import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

// Which Node.js Lineup supports (decision 038): package.json's `engines` names only versions that
// every installed package supports too, and the README says the same. A dependency upgrade that
// drops a Node.js line fails here, rather than on a self-hoster's machine.

const root = path.resolve('.');
const ours = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** Every installed package (as package-lock.json lists them) that names the Node.js it needs. */
function installedEngines(): { name: string; version: string; node: string }[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/') && fs.existsSync(path.join(root, key, 'package.json')))
    .map((key) => JSON.parse(fs.readFileSync(path.join(root, key, 'package.json'), 'utf8')) as { name: string; version: string; engines?: { node?: string } })
    .filter((manifest) => typeof manifest.engines?.node === 'string')
    .map((manifest) => ({ name: manifest.name, version: manifest.version, node: manifest.engines!.node! }));
}

test('every Node.js our engines allow is one every installed package allows', () => {
  const packages = installedEngines();
  // The ones that decided it (issue 34): cookie and content-disposition need Node.js 22.
  expect(packages.map((pkg) => pkg.name)).toEqual(expect.arrayContaining(['cookie', 'content-disposition', 'vite', 'better-sqlite3']));
  const disagree = packages.filter((pkg) => !semver.subset(ours, pkg.node)).map((pkg) => `${pkg.name}@${pkg.version} needs ${pkg.node}`);
  expect(disagree).toEqual([]);
});

test('the long-term support lines: 22 from 22.13, 24 and 26; not Node.js 20, past its end of life', () => {
  expect(semver.satisfies('20.19.0', ours)).toBe(false);
  expect(semver.satisfies('22.12.0', ours)).toBe(false);
  expect(semver.satisfies('22.13.0', ours)).toBe(true);
  expect(semver.satisfies('24.0.0', ours)).toBe(true);
  expect(semver.satisfies('25.0.0', ours)).toBe(false);
  expect(semver.satisfies('26.0.0', ours)).toBe(true);
});

test('the README says what engines says', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const lowest = semver.minVersion(ours)!;
  expect(readme).toContain(`Needs Node.js ${lowest.major}.${lowest.minor} or newer`);
  expect(readme).not.toMatch(/Node\.js 20\.\d+ or newer/);
});
