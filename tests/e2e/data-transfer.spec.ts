import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API } from '@shared/api/index';
import { ARCHIVE_VERSION } from '@shared/archive/schema';
import { signInAs } from './support/auth';
import { call, createDj, createEvent, daysFromNow, publish, saveLineup, uniqueDiscordId } from './support/api';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startServer } from './support/server';
import { exportFiles } from '../../src/server/archive/testing/original-tool';

// Moving a community: an admin downloads everything from Global Settings, a new install takes it
// in, and the same events, lineups and DJ pages are there. And a roster from a spreadsheet, with
// its preview and its refusals, in the browser.

/**
 * A fresh install's first preview also starts its archive thread (src/server/archive/pool.ts),
 * which loads its modules: seconds on a 2-core machine running the suite's four workers (one
 * CI run waited over 10 s). What the preview shows is tested here; its speed is the bench's.
 */
const FIRST_PREVIEW = { timeout: 30_000 };

/** A new install of its own, an admin signed in on its Global Settings; stopped after `work`. */
async function onFreshInstall(browser: Browser, work: (admin: Page) => Promise<void>) {
  const fresh = await startServer();
  const context = await browser.newContext({ baseURL: fresh.url });
  try {
    const admin = await context.newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/globalSettings');
    await work(admin);
  } finally {
    await context.close();
    await fresh.stop();
  }
}

test.describe('moving a community to a new install', () => {
  test.use({ ownServer: true });

  test('an admin exports, a fresh install imports, and the same events, lineups and DJ pages appear', async ({ page, browser }) => {
    // A second install starts, and each install's archive thread with its first import or export.
    test.slow();
    await signInAs(page, 'admin');
    const [ada, bo] = [
      await createDj(page.request, { discordId: uniqueDiscordId(), publicName: 'Ada', djName: 'Ada Lovebass', rtmpUrl: '', twitchUsername: 'ada' }),
      await createDj(page.request, { discordId: uniqueDiscordId(), publicName: 'Bo', djName: 'Bo Beats', rtmpUrl: '', twitchUsername: '' }),
    ];
    const past = await createEvent(page.request, { name: 'Moving Night 1', start: daysFromNow(-7) });
    await saveLineup(page.request, past, [{ djs: [ada!] }, { djs: [bo!], isDebut: true }]);
    await publish(page.request, past);
    const next = await createEvent(page.request, { name: 'Moving Night 2', start: daysFromNow(7) });
    await saveLineup(page.request, next, [{ djs: [bo!, ada!], name: 'Bo b2b Ada', requestedDuration: 1.5 }]);
    await publish(page.request, next);

    await page.goto('/globalSettings');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download archive (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lineup-archive-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-move-')), download.suggestedFilename());
    await download.saveAs(file);

    try {
      await onFreshInstall(browser, async (admin) => {
        await admin.getByLabel('Archive file').setInputFiles(file);
        const previewSection = admin.getByRole('region', { name: 'Import preview' });
        await expect(previewSection.getByRole('row', { name: 'Events 2' })).toBeVisible(FIRST_PREVIEW);
        await expect(previewSection.getByText(/\(signed in here\) becomes the archive's/)).toBeVisible();
        // Nothing is written before Import.
        await admin.goto('/events');
        await expect(admin.getByText('No Events Found')).toBeVisible();
        await admin.goto('/globalSettings');
        await admin.getByLabel('Archive file').setInputFiles(file);
        await admin.getByRole('button', { name: /^Import 2 events and \d+ DJs$/ }).click();
        await expect(admin.getByText(/^Imported 2 events, \d+ DJs and 3 signups\.$/)).toBeVisible();

        // The same lineups, DJ pages and public pages, on the new install (the admin still signed in).
        await admin.goto(`/events/${next}/lineup`);
        await expect(admin.getByRole('heading', { name: 'Moving Night 2' })).toBeVisible();
        await expect(admin.getByText('Bo b2b Ada').first()).toBeVisible();
        await admin.goto(`/djs/${ada!.id}`);
        await expect(admin.getByRole('heading', { name: 'Ada Lovebass' })).toBeVisible();
        // Night 1 is over: a play; Night 2 is a week away: upcoming, not a play (issue 34).
        await expect(admin.getByRole('heading', { name: 'Plays (1)' })).toBeVisible();
        await expect(admin.getByRole('link', { name: /Moving Night 1/ }).first()).toBeVisible();
        await expect(admin.getByTestId('upcoming-plays').getByRole('link', { name: /Moving Night 2 Upcoming/ })).toBeVisible();
        await admin.goto(`/lineups/${past}`);
        await expect(admin.getByText('Ada Lovebass').first()).toBeVisible();
        await expect(admin.getByText('Bo Beats').first()).toBeVisible();

        // A second import into an install that now has events is refused, and says why.
        await admin.goto('/globalSettings');
        await admin.getByLabel('Archive file').setInputFiles(file);
        await expect(admin.getByText(/^This install already has 2 events: an archive is imported only into a new install/)).toBeVisible();
        await expect(admin.getByRole('button', { name: /^Import 2 events/ })).toHaveCount(0);
      });
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  test('a truncated archive and one from a newer Lineup are refused with a clear message', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/globalSettings');
    const archive = { format: 'lineup-archive', version: 99, schema: 'x', exportedAt: '2030-01-01T00:00:00.000Z', tables: {} };
    await page.getByLabel('Archive file').setInputFiles({ name: 'newer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(archive)) });
    await expect(page.getByText('newer.json cannot be imported.')).toBeVisible();
    await expect(page.getByText(`This archive is version 99, written by a newer Lineup; this install reads archives up to version ${ARCHIVE_VERSION}.`, { exact: false })).toBeVisible();
    await page.getByLabel('Archive file').setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"lineup-archive","tables":{"ev') });
    await expect(page.getByText('cut.json cannot be imported.')).toBeVisible();
    await expect(page.getByText(/^The file ends early: it is not a whole archive/)).toBeVisible();
  });
});

test.describe('the original tool\'s Firestore export', () => {
  test.use({ ownServer: true });

  test("Firefoo's one file per collection, chosen together: the preview names what stays behind, and the events open", async ({ browser }) => {
    test.slow();
    await onFreshInstall(browser, async (admin) => {
      await admin.getByLabel('What the file is').selectOption('firestore');
      const files = exportFiles('firefoo').map(({ name, text }) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) }));
      await admin.getByLabel('Export files').setInputFiles(files);
      const previewSection = admin.getByRole('region', { name: 'Import preview' });
      await expect(previewSection.getByRole('row', { name: 'Events 7' })).toBeVisible(FIRST_PREVIEW);
      await expect(previewSection.getByRole('row', { name: 'Plays 26' })).toBeVisible();
      await previewSection.getByText(/in the file left out or changed/).click();
      await expect(previewSection.getByText('The collection "hosts" (2 documents) was not carried: Lineup has no place for it.')).toBeVisible();
      // A gcloud export's LevelDB file is named for what it is, without being sent.
      await admin.getByLabel('Export files').setInputFiles({ name: 'output-0', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 0, 7, 1, 0x80, 0xff]) });
      await expect(admin.getByText(/^output-0 is part of a Firebase console \/ gcloud export/)).toBeVisible();

      await admin.getByLabel('Export files').setInputFiles(files);
      await admin.getByRole('button', { name: 'Import 7 events and 14 DJs' }).click();
      await expect(admin.getByText('Imported 7 events, 14 DJs and 19 signups.')).toBeVisible();
      await admin.goto('/events/evDst2024Spring/lineup');
      await expect(admin.getByRole('heading', { name: 'Sunday Service #101' })).toBeVisible();
      await expect(admin.getByText('Cleo b2b Dax').first()).toBeVisible();
    });
  });
});

test.describe('roster import from a spreadsheet', () => {
  const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

  test('the preview shows each row, refusals say why, and Import writes what was shown', async ({ page }) => {
    await signInAs(page, 'admin');
    const [first, second] = [uniqueDiscordId(), uniqueDiscordId()];
    const known = await createDj(page.request, { discordId: second, publicName: 'Known', djName: `Known ${second.slice(-5)}`, rtmpUrl: '', twitchUsername: '' });
    await page.goto('/globalSettings');
    const file = page.getByLabel('Roster file (CSV)');

    await file.setInputFiles(csv('wrong.csv', 'Name;Email\nAda;ada@example.org\n'));
    await expect(page.getByText('wrong.csv cannot be imported.')).toBeVisible();
    await expect(page.getByText('The first row must name the columns Dj Name, Alt Name, Discord ID (and optionally VRCDN/RTMP, Twitch Username); it has no Alt Name, Discord ID.')).toBeVisible();

    // A form answered twice: the preview says so and offers the later row.
    await file.setInputFiles(csv('twice.csv', `Dj Name,Alt Name,Discord ID\nA,A,${first}\nB,B,${first}\n`));
    await expect(page.getByRole('region', { name: 'Roster import preview' }).getByText('Repeated: 1')).toBeVisible();
    await expect(page.getByText('Row 3 has the same Discord ID (the DJ sent the form again?): the later row is imported, this one is left out.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import: 1 new, 0 updated' })).toBeVisible();

    // Excel's "CSV" on Windows writes Windows-1252: found from the bytes, and said.
    await file.setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: Buffer.from(`Dj Name;Alt Name;Discord ID\r\nM\u00e9lodie;Zo\u00eb;${first}\r\n`, 'latin1') });
    await expect(page.getByRole('cell', { name: 'Mélodie' })).toBeVisible();
    await expect(page.getByText(/^Read as Windows-1252 \(Excel "CSV" on Windows\) \(found from the file\)\./)).toBeVisible();

    const rows = Array.from({ length: 20_000 }, (_, i) => `DJ ${i},P ${i},${String(700000000000000000 + i)}`).join('\n');
    await file.setInputFiles(csv('huge.csv', `Dj Name,Alt Name,Discord ID\n${rows}\n`));
    await expect(page.getByText('The file has 20,000 rows; one import takes at most 5,000 DJs. Split the file and import the parts.')).toBeVisible();

    const newName = `Imported ${first.slice(-5)}`;
    await file.setInputFiles(
      csv('roster.csv', `Dj Name,Alt Name,Discord ID,Twitch Username\n${newName},Newbie,${first},newbie\n${known.djName} Renamed,Known,${second},\nNo Id,Nobody,123,\n`),
    );
    const preview = page.getByRole('region', { name: 'Roster import preview' });
    await expect(preview.getByText('New: 1')).toBeVisible();
    await expect(preview.getByText('Update: 1')).toBeVisible();
    await expect(preview.getByText('Refused: 1')).toBeVisible();
    await expect(preview.getByRole('row', { name: /No Id .* A Discord ID is a user identification number \(UID\) at least 17 digits long\./ })).toBeVisible();
    await expect(preview.getByRole('row').filter({ hasText: second })).toContainText(`Dj Name: "${known.djName}" → "${known.djName} Renamed"`);
    await preview.getByRole('button', { name: 'Import: 1 new, 1 updated' }).click();
    await expect(page.getByText('Roster imported: 1 new DJ, 1 DJ updated.')).toBeVisible();

    await page.goto('/djs');
    await page.getByLabel('Search').fill(newName);
    await expect(page.getByRole('cell', { name: newName })).toBeVisible();
  });

  test("a host does not see the data cards and the server refuses the host's downloads", async ({ page }) => {
    await signInAs(page, 'host');
    await page.goto('/globalSettings');
    await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Signups' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your data' })).toHaveCount(0);
    expect((await call(API.archive.exportArchive, {}, { as: page.request })).status).toBe(403);
  });
});
