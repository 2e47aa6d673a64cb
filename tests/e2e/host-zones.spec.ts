import type { Page } from '@playwright/test';
import { createDj, createEvent, saveLineup } from './support/api';
import { signInAs } from './support/auth';
import { expect, test } from './support/fixtures';

// One time-zone rule on every staff page (issue 34 item 9, decision 042): a host in New York sees
// their own time, with the series' (London's, the default) beside it, on the event's header, the
// lineup, Stream Details, the run sheet, History and the DJ's page; the social-media text keeps
// London's time. In summer (BST, EDT) and in winter (GMT, EST). Its own server: no other test may
// change the series' zone meanwhile.
test.use({ ownServer: true, timezoneId: 'America/New_York', locale: 'en-US' });

const NIGHTS = [
  // 20:00 in London is 15:00 in New York, in summer and in winter.
  { season: 'summer', start: '2031-06-01T19:00:00.000Z', day: 'Sun 1 Jun 2031', zones: 'EDT, BST', social: 'BST' },
  { season: 'winter', start: '2031-12-07T20:00:00.000Z', day: 'Sun 7 Dec 2031', zones: 'EST, GMT', social: 'GMT' },
] as const;

async function tab(page: Page, eventId: string, name: string, path: string) {
  await page.goto(`/events/${eventId}/${path}`);
  await expect(page.locator('.event-tabs').getByRole('link', { name, exact: true })).toHaveClass(/active/);
}

for (const night of NIGHTS) {
  test(`times in the viewer's zone with the series' beside them, London ${night.season}`, async ({ page }) => {
    await signInAs(page, 'admin');
    const dj = await createDj(page.request, { djName: `Zoned ${night.season}`, rtmpUrl: 'rtmp://stream.example.org/live/zoned' });
    const eventId = await createEvent(page.request, { name: `Zones ${night.season}`, start: night.start, host: 'Hal' });
    await saveLineup(page.request, eventId, [{ djs: [dj] }]);
    const both = '15:00 New York time (20:00 London time)';

    await tab(page, eventId, 'Lineup', 'lineup');
    await expect(page.locator('.event-header__title > div')).toHaveText(`${night.day}, 15:00–16:00 New York time (20:00–21:00 London time) · 1 h`);
    await expect(page.getByTestId('lineup-zone')).toHaveText('New York time · London time below');
    const slot = page.getByTestId('slot-card');
    await expect(slot.locator('.slot-time')).toHaveText('15:0020:00');
    await expect(slot.locator('.slot-time-series')).toHaveText('20:00');
    // The breadcrumb too.
    await expect(page.locator('.app-breadcrumbs')).toContainText(`Zones ${night.season} (${night.day}, ${both})`);

    await tab(page, eventId, 'Stream Details', 'technicalDetails');
    await expect(page.getByRole('heading', { name: `Slot 1 - ${both}` })).toBeVisible();

    await tab(page, eventId, 'Messaging', 'announcements');
    await page.getByRole('tab', { name: 'Run sheet' }).click();
    const sheet = page.getByLabel(/^Run sheet for the stream operator/);
    await expect(sheet).toHaveValue(new RegExp(`^Run sheet: Zones ${night.season}, ${night.day} \\(times in ${night.zones} in brackets\\)\\n\\n15:00–16:00 \\(20:00–21:00\\)  Zoned ${night.season}  No stream source set$`));
    // The social-media text keeps the spec's London rule.
    await page.getByRole('tab', { name: 'Social Media' }).click();
    await expect(page.getByLabel(/^Social media text/)).toHaveValue(new RegExp(`Lineup: \\(times ${night.social}\\)\\n8pm - Zoned ${night.season}`));

    await tab(page, eventId, 'History', 'history');
    await expect(page.getByText(`Into the lineup: Zoned ${night.season} at ${both}`)).toBeVisible();

    await page.goto(`/djs/${dj.id}`);
    const signups = page.getByRole('region', { name: /^Signups/ });
    await expect(signups).toContainText(night.day);
    await expect(signups).toContainText(`In the lineup at ${both}`);
  });
}
