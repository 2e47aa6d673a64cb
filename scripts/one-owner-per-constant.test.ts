import fs from 'node:fs';
import path from 'node:path';
import { ROSTER_COLUMNS } from '../src/shared/archive/roster-csv.js';
import { HISTORY_SIGNUP_FIELDS, HISTORY_TEXT_FIELDS } from '../src/shared/schemas/history.js';
import { DEFAULT_SETTINGS } from '../src/shared/schemas/settings.js';
import { SPEC_ZONE } from '../src/shared/time.js';

// Each constant has one owner (issue 36): the spec's zone (time.ts), the default schedule and the
// default accent (the settings' defaults), the roster's column labels (the roster import's), the
// history's field lists (its schema). Everything else reads them from there. A value written a
// second time in the app's code (comments aside; tests may spell values they check) fails here.

const root = path.resolve('.');

function productionFiles(): string[] {
  return fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('src', file).split(path.sep).join('/'))
    .filter((file) => /\.(ts|tsx|css)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/testing/') && !file.includes('/db/migrations/'));
}

/** A file's code without its comments (a comment may name a value as an example). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, ''))
    .join('\n');

const files = productionFiles().map((file) => ({ file, code: code(fs.readFileSync(path.join(root, file), 'utf8')) }));
const quoted = (value: string) => new RegExp(`['"\`]${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"\`]`);
const filesWith = (pattern: RegExp) => files.filter((entry) => pattern.test(entry.code)).map((entry) => entry.file);

test.each([
  ["the spec's zone", quoted(SPEC_ZONE), ['src/shared/time.ts']],
  ['the default time', quoted(DEFAULT_SETTINGS.defaultTime), ['src/shared/schemas/settings.ts']],
  // tokens.css's fallbacks are the default accent's shades, checked against it by tokens.test.ts.
  ['the default accent', new RegExp(DEFAULT_SETTINGS.imageAccent, 'i'), ['src/client/styles/tokens.css', 'src/shared/schemas/settings.ts']],
  ...(['publicName', 'rtmpUrl', 'twitchUsername'] as const).map((field) => [`the roster's ${field} column`, quoted(ROSTER_COLUMNS[field].label), ['src/shared/archive/roster-csv.ts']] as const),
  ["the history's signup fields", new RegExp(HISTORY_SIGNUP_FIELDS.map((field) => `'${field}'`).join(',\\s*')), ['src/shared/schemas/history.ts']],
  ["the history's text fields", new RegExp(HISTORY_TEXT_FIELDS.map((field) => `'${field}'`).join(',\\s*')), ['src/shared/schemas/history.ts']],
] as const)('%s: written in one place', (_name, pattern, owners) => {
  expect(filesWith(pattern)).toEqual(owners);
});

test('a default schedule is not written twice (a weekday and a time side by side)', () => {
  expect(filesWith(/weekday:\s*\d[\s\S]{0,80}time:\s*'\d\d:\d\d'/i)).toEqual(['src/shared/schemas/settings.ts']);
});

test('the check reads code, not comments', () => {
  expect(code(`// like '${SPEC_ZONE}'\n/* '${SPEC_ZONE}' */\nconst url = 'https://x'; // '${SPEC_ZONE}'`)).not.toMatch(quoted(SPEC_ZONE));
  expect(code(`const zone = '${SPEC_ZONE}';`)).toMatch(quoted(SPEC_ZONE));
});
