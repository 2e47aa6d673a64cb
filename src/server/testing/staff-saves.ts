import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { eventFieldsSchema, type SaveEventBody } from '@shared/schemas/events.js';
import type { SignedIn, TestApp } from './harness.js';

// What staff do to an event, through the API as the event page does it: for tests that follow a
// change to wherever it shows (the public pages, another app instance).

/** A Save of the event as it is stored, every signup in the lineup in order, with these changes. */
export async function saveEventAs(app: TestApp, host: SignedIn, eventId: string, change: { name?: string; debut?: boolean; act?: string } = {}): Promise<void> {
  const event = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
  const body: SaveEventBody = {
    baseVersion: event.version,
    event: { ...eventFieldsSchema.parse(event), ...(change.name !== undefined && { name: change.name }) },
    signups: event.signups.map(({ formData: _answers, ...signup }) => ({ ...signup, isDebut: change.debut ?? signup.isDebut, name: change.act ?? signup.name })),
    slots: event.signups.map((signup) => slotForSignup(signup)),
    removedSignupUuids: [],
    resolvedUpdates: [],
  };
  const saved = await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host });
  if (saved.status !== 200) throw new Error(`Save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

/** Publish Event (anyway, whatever the preflight says), Unpublish or Cancel, at the stored version. */
export async function lifecycleAs(app: TestApp, host: SignedIn, eventId: string, step: 'publish' | 'unpublish' | 'cancel'): Promise<void> {
  const baseVersion = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body.version;
  const params = { eventId };
  const answer =
    step === 'publish'
      ? await app.call(API.events.publishEvent, { params, body: { baseVersion, anyway: true } }, { as: host })
      : await app.call(step === 'unpublish' ? API.events.unpublishEvent : API.events.cancelEvent, { params, body: { baseVersion } }, { as: host });
  if (answer.status !== 200) throw new Error(`${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
