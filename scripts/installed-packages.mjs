import fs from 'node:fs';
import path from 'node:path';

// After a `git pull`, package-lock.json may name packages (or versions) that node_modules does
// not have yet: `npm start` then failed deep inside a build or an import. The tools that run the
// app check first and say to run `npm ci` (README, "Upgrading").

const versionIn = (manifest) => {
  try {
    return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  } catch {
    return undefined;
  }
};

/**
 * What differs between package-lock.json and node_modules under `root`: packages missing (optional
 * ones, e.g. another platform's binaries, may be) and packages at another version.
 */
export function installProblems(root) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const missing = [];
  const different = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.startsWith('node_modules/') || entry.link) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const installed = versionIn(path.join(root, key, 'package.json'));
    if (installed === undefined) {
      if (!entry.optional && !entry.devOptional) missing.push(name);
    } else if (entry.version && installed !== entry.version) {
      different.push(`${name} ${installed} (package-lock.json: ${entry.version})`);
    }
  }
  return { missing, different };
}

const some = (list) => (list.length > 5 ? `${list.slice(0, 5).join(', ')} and ${list.length - 5} more` : list.join(', '));

/** Stops with what to do when node_modules does not match package-lock.json. */
export function requireInstalledPackages(root) {
  const { missing, different } = installProblems(root);
  if (missing.length === 0 && different.length === 0) return;
  const found = [
    ...(missing.length > 0 ? [`missing: ${some(missing)}`] : []),
    ...(different.length > 0 ? [`at another version: ${some(different)}`] : []),
  ];
  console.error(`The installed packages do not match package-lock.json (${found.join('; ')}).`);
  console.error('Install them as the lockfile says with `npm ci` (after every git pull), then run this again.');
  process.exit(1);
}
