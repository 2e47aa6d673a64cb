import fs from 'node:fs';
import path from 'node:path';
import { SIGNUP_FIELDS } from '../src/shared/schemas/signup-answers.js';

// The DJ's signup answers are listed once, in SIGNUP_ANSWERS (decision 006, "How to add a signup
// answer"). A file that names every answer within a few lines holds a second list of them: a
// test's answer object spelled by hand (it stops typechecking when an answer is added), an
// exact literal of every answer (it fails), a mapping that lists them (it drops the new one).
// Tests start from the defaults instead (buildFormData, intake, SIGNUP_ANSWER_DEFAULTS) and
// mappings go through the definitions (src/shared/schemas/adding-an-answer.test.ts follows the
// recipe through them).

const root = path.resolve('.');
/** How close together the answers' names must be to be a list of them (an object literal spans about one line per answer). */
const WITHIN_LINES = 20;
const ALLOWED: Record<string, string> = {
  // Documents as the original tool wrote them: its fields, which a new answer of Lineup's does not change.
  'src/server/archive/testing/original-tool.ts': "the original tool's signups, as its Firestore export holds them",
  'src/server/archive/testing/firestore-export.json': "the original tool's signups, as its Firestore export holds them",
  // An archive of each past version, as that version's export wrote it (decision 058): data, never edited.
  'src/server/archive/fixtures/archive-v3.json': 'the signups of an archive of version 3, as its export wrote them',
  'scripts/bench/big-archive.mjs': 'the signups of an archive of version 1, as its export wrote them (the import upgrades them)',
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js|json)$/.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));
}

/** The line where a stretch of WITHIN_LINES lines that names every answer starts, or null. */
function listAt(text: string, fields: readonly string[]): number | null {
  const lines = text.split('\n');
  const named = lines.map((line) => new Set(fields.filter((field) => new RegExp(`\\b${field}\\b`).test(line))));
  for (let first = 0; first < lines.length; first++) {
    if (named[first]!.size === 0) continue;
    const seen = new Set(named.slice(first, first + WITHIN_LINES).flatMap((fieldsOnLine) => [...fieldsOnLine]));
    if (seen.size === fields.length) return first + 1;
  }
  return null;
}

test('no file but the definitions lists every signup answer', () => {
  const files = ['src', 'tests', 'scripts'].flatMap(sourceFiles);
  expect(files).toContain('src/shared/schemas/signup-answers.ts');
  const lists = files.flatMap((file) => {
    const line = listAt(fs.readFileSync(path.join(root, file), 'utf8'), SIGNUP_FIELDS);
    return line === null ? [] : [`${file}:${line}`];
  });
  expect(lists.filter((at) => !(at.split(':')[0]! in ALLOWED))).toEqual([]);
  // Each file allowed is still there (a moved one is not a stale exception).
  for (const file of Object.keys(ALLOWED)) expect(files).toContain(file);
});

test('the check finds a hand-written answer object, and not the answers named far apart', () => {
  const object = `const form = {\n${SIGNUP_FIELDS.map((field) => `  ${field}: x,`).join('\n')}\n};`;
  expect(listAt(`// a test\n${object}`, SIGNUP_FIELDS)).toBe(3);
  expect(listAt(SIGNUP_FIELDS.map((field) => `${field}\n${'\n'.repeat(WITHIN_LINES)}`).join(''), SIGNUP_FIELDS)).toBeNull();
});
