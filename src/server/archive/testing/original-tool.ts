// The original tool's Firestore data (spec §3 field types, and what its production data holds
// besides: client-SDK reference maps in signups' dj_refs, legacy slot fields, `debut`, signup-level
// prerecord links and availability maps, its Live Jive flag, social-text override and poster link,
// a `hosts` collection), written out as three export tools write them (issue 32):
//
// - node-firestore-import-export 1.x (`firestore-export -b export.json`): one file,
//   {"__collections__": {…}}, every document with its own "__collections__": {}; timestamps
//   {"__datatype__": "timestamp", "value": {"_seconds", "_nanoseconds"}}, references
//   {"__datatype__": "documentReference", "value": "djs/ID"}
// - firestore-export-import 1.x by dalenguyen (`backups()` then JSON.stringify): one file,
//   {"djs": {…}, "events": {…}, …}; timestamps as the admin SDK's {"_seconds", "_nanoseconds"},
//   references as the admin SDK's DocumentReference object {"_firestore", "_path": {"segments"}, "_converter"}
// - Firefoo (Export collection → JSON): one file per collection, {"meta": {…, "resourcePath": ["djs"]},
//   "data": {ID: {…, "__collections__": {}}}}; timestamps {"__time__": ISO}, references {"__ref__": "djs/ID"}
//
// The community: 14 DJs, 7 events (four on the Sundays Europe/London changes its clocks), 22
// signup → DJ links and 26 plays, as the lineups make them.

export type Tool = 'node-firestore-import-export' | 'firestore-export-import' | 'firefoo';

/** A DJ as the community knows them; `discordNumber` is a Discord ID its export wrote as a JSON number. */
interface DjSpec {
  id: string;
  djName: string;
  publicName: string;
  discordId?: string;
  discordNumber?: string;
  rtmpUrl?: string;
  twitch?: string;
  extra?: Record<string, unknown>;
}

const id = (n: number) => `Dj${String(n).padStart(2, '0')}fS3kQ9vXw2LmPaZt`.slice(0, 20);
export const DJS: DjSpec[] = [
  { id: id(1), djName: 'Aurora', publicName: 'Aurora Lights', discordId: '284719356793938601', rtmpUrl: 'rtmp://stream.vrcdn.live/live/aurora', twitch: 'aurora_beats' },
  { id: id(2), djName: 'Basil Bass', publicName: 'Basil', discordId: '284719356793938602' },
  { id: id(3), djName: 'Cleo Crates', publicName: 'Cleo', discordId: '284719356793938603', twitch: 'cleocrates' },
  { id: id(4), djName: 'Dax', publicName: 'Dax', discordId: '284719356793938604', rtmpUrl: 'vrcdn:dax' },
  { id: id(5), djName: 'Mélodie', publicName: 'Mélodie', discordId: '284719356793938605', extra: { debut: true } },
  { id: id(6), djName: 'Fenn', publicName: 'Fenn', discordId: '284719356793938606' },
  // Written as a JSON number, rounded on the way (…938627 printed as …938600): it cannot be exact.
  { id: id(7), djName: 'Gale', publicName: 'Gale', discordNumber: '284719356793938600' },
  { id: id(8), djName: 'Hex', publicName: 'Hex', discordId: '284719356793938608' },
  { id: id(9), djName: 'Iris', publicName: 'Iris', discordId: '284719356793938609' },
  { id: id(10), djName: 'Jun', publicName: 'Jun', discordId: '284719356793938610' },
  { id: id(11), djName: 'Kit', publicName: 'Kit', discordId: '284719356793938611' },
  { id: id(12), djName: 'Lumen', publicName: 'Lumen', discordId: '284719356793938612' },
  { id: id(13), djName: 'Mira', publicName: 'Mira', discordId: '284719356793938613' },
  { id: id(14), djName: 'Nox', publicName: 'Nox', discordId: '284719356793938614' },
];
const dj = (n: number) => DJS[n - 1]!.id;

/** A signup; `refKind` is how the original stored its dj_refs. */
interface SignupSpec {
  uuid: string;
  name: string;
  djs: string[];
  duration?: number;
  type?: 'LIVE' | 'PRERECORD';
  refKind: 'client-map' | 'reference' | 'path';
  debut?: boolean;
  formData?: boolean;
  prerecordUrl?: string;
  availability?: { from: string; to: string };
}

interface SlotSpec {
  signup?: string;
  legacyName?: string;
  legacyDj?: string;
  duration?: number;
  streamSourceUrl?: string;
  streamSourceType?: string;
  legacy?: { rtmp_url?: string; twitch_username?: string; prerecord_url?: string };
}

interface EventSpec {
  id: string;
  name: string;
  /** 20:00 in London, as UTC. */
  start: string;
  signups: SignupSpec[];
  slots: SlotSpec[];
  extra?: Record<string, unknown>;
}

const s = (uuid: string, name: string, djs: string[], more: Partial<SignupSpec> = {}): SignupSpec => ({ uuid, name, djs, refKind: 'client-map', ...more });

export const EVENTS: EventSpec[] = [
  {
    // Clocks go forward: 20:00 BST is 19:00 UTC.
    id: 'evDst2024Spring',
    name: 'Sunday Service #101',
    start: '2024-03-31T19:00:00.000Z',
    signups: [s('s101a', 'Aurora', [dj(1)], { formData: true }), s('s101b', 'Basil Bass', [dj(2)], { refKind: 'reference' }), s('s101c', 'Cleo b2b Dax', [dj(3), dj(4)], { debut: true })],
    slots: [
      { signup: 's101a', streamSourceUrl: 'rtspt://stream.vrcdn.live/live/aurora', streamSourceType: 'VRCDN' },
      { signup: 's101b', streamSourceUrl: 'vrcdn:basil', streamSourceType: 'VRCDN' },
      { signup: 's101c', streamSourceUrl: 'twitch:cleocrates', streamSourceType: 'TWITCH' },
    ],
    extra: { live_jive: true, social_text: 'Sunday Service #101 tonight at 8pm BST!', poster_url: 'https://cdn.community.example/posters/101.png' },
  },
  {
    id: 'evJune2024',
    name: 'Sunday Service #111',
    start: '2024-06-09T19:00:00.000Z',
    signups: [s('s111e', 'Mélodie', [dj(5)], { refKind: 'path', debut: true }), s('s111f', 'Fenn', [dj(6)]), s('s111g', 'Gale', [dj(7)], { type: 'PRERECORD', prerecordUrl: 'https://drive.community.example/gale-set.mp4' })],
    slots: [
      { signup: 's111e', streamSourceUrl: 'https://stream.vrcdn.live/live/melodie.live.ts', streamSourceType: 'VRCDN' },
      { signup: 's111f' },
      { signup: 's111g' },
      // Before signups existed: a slot carries its DJ and, in older documents, its own stream fields.
      { legacyDj: dj(8), legacyName: 'Hex', duration: 1, legacy: { twitch_username: 'hexsounds' } },
    ],
  },
  {
    // Clocks go back: 20:00 GMT is 20:00 UTC.
    id: 'evDst2024Autumn',
    name: 'Sunday Service #131',
    start: '2024-10-27T20:00:00.000Z',
    signups: [s('s131a', 'Aurora', [dj(1)]), s('s131i', 'Iris b2b Jun', [dj(9), dj(10)], { refKind: 'reference' }), s('s131k', 'Kit', [dj(11)], { formData: true, availability: { from: '2024-10-27T21:00:00.000Z', to: 'any' } })],
    slots: [{ signup: 's131a', streamSourceUrl: 'PRERECORD', streamSourceType: 'PRERECORD' }, { signup: 's131i', legacy: { rtmp_url: 'rtmp://stream.vrcdn.live/live/iris' } }, { signup: 's131k' }],
    extra: { live_jive: false },
  },
  {
    id: 'evJan2025',
    name: 'Sunday Service #142',
    start: '2025-01-12T20:00:00.000Z',
    signups: [s('s142l', 'Lumen', [dj(12)]), s('s142m', 'Mira', [dj(13)], { refKind: 'path' })],
    slots: [{ signup: 's142l' }, { signup: 's142m' }, { legacyDj: dj(2), duration: 0.5, legacy: { prerecord_url: 'https://drive.community.example/basil.mp4' } }],
  },
  {
    id: 'evDst2025Spring',
    name: 'Sunday Service #153',
    start: '2025-03-30T19:00:00.000Z',
    signups: [s('s153n', 'Nox', [dj(14)], { refKind: 'reference' }), s('s153c', 'Cleo Crates', [dj(3)]), s('s153e', 'Mélodie', [dj(5)], { prerecordUrl: 'PRERECORD', type: 'PRERECORD' })],
    slots: [{ signup: 's153n' }, { signup: 's153c' }, { signup: 's153e' }, { legacyDj: dj(4), legacyName: 'Dax (guest set)', duration: 1 }],
    extra: { social_text: 'Doors 8pm BST' },
  },
  {
    id: 'evDst2025Autumn',
    name: 'Sunday Service #183',
    start: '2025-10-26T20:00:00.000Z',
    signups: [s('s183fg', 'Fenn b2b Gale', [dj(6), dj(7)]), s('s183h', 'Hex', [dj(8)], { refKind: 'reference' }), s('s183i', 'Iris', [dj(9)])],
    slots: [{ signup: 's183fg' }, { signup: 's183h' }, { signup: 's183i', streamSourceUrl: 'https://twitch.tv/iris_live', streamSourceType: 'TWITCH' }],
    extra: { poster_url: 'https://cdn.community.example/posters/183.png' },
  },
  {
    id: 'evNext2030',
    name: 'Sunday Service #420',
    start: '2030-06-16T19:00:00.000Z',
    signups: [s('s420j', 'Jun', [dj(10)], { formData: true }), s('s420k', 'Kit', [dj(11)], { refKind: 'path' })],
    slots: [{ signup: 's420j' }, { signup: 's420k' }, { legacyDj: dj(13), duration: 1 }],
  },
];

/** What the community holds that an import must bring: every signup → DJ link and every play. */
export function expectedLinks(): Array<[string, string]> {
  return EVENTS.flatMap((event) => event.signups.flatMap((signup) => signup.djs.map((djId): [string, string] => [signup.uuid, djId])));
}

export function expectedPlays(): Array<[string, string]> {
  return EVENTS.flatMap((event) => {
    const played = event.slots.flatMap((slot) => (slot.signup ? event.signups.find((signup) => signup.uuid === slot.signup)!.djs : slot.legacyDj ? [slot.legacyDj] : []));
    return [...new Set(played)].map((djId): [string, string] => [event.id, djId]);
  });
}

const seconds = (iso: string) => ({ seconds: Date.parse(iso) / 1000, nanos: (Date.parse(iso) % 1000) * 1e6 });

/** How each tool writes a timestamp and a (real) document reference. */
const WRITE: Record<Tool, { time: (iso: string) => unknown; ref: (path: string) => unknown }> = {
  'node-firestore-import-export': {
    time: (iso) => ({ __datatype__: 'timestamp', value: { _seconds: seconds(iso).seconds, _nanoseconds: seconds(iso).nanos } }),
    ref: (path) => ({ __datatype__: 'documentReference', value: path }),
  },
  'firestore-export-import': {
    time: (iso) => ({ _seconds: seconds(iso).seconds, _nanoseconds: seconds(iso).nanos }),
    ref: (path) => ({ _firestore: { projectId: 'sunday-service-prod' }, _path: { segments: path.split('/') }, _converter: {} }),
  },
  firefoo: {
    time: (iso) => ({ __time__: iso }),
    ref: (path) => ({ __ref__: path }),
  },
};

/** A reference as the original tool's client saved it into a signup: the client SDK's object as a map. */
const clientMap = (path: string) => ({
  converter: null,
  _key: { path: { segments: path.split('/'), offset: 0, len: 2 } },
  type: 'document',
  firestore: { app: { _isDeleted: false, _options: { projectId: 'sunday-service-prod' }, _name: '[DEFAULT]' }, databaseId: { projectId: 'sunday-service-prod', database: '(default)' } },
});

function djDocument(spec: DjSpec, tool: Tool): Record<string, unknown> {
  return {
    discord_id: spec.discordNumber ?? spec.discordId ?? '',
    public_name: spec.publicName,
    dj_name: spec.djName,
    rtmp_url: spec.rtmpUrl ?? '',
    twitch_username: spec.twitch ?? '',
    events: EVENTS.filter((event) => expectedPlays().some(([eventId, djId]) => eventId === event.id && djId === spec.id)).map((event) => WRITE[tool].ref(`events/${event.id}`)),
    notes: spec.id === dj(1) ? ['Plays deep house', 'Prefers late slots'] : [],
    avatar: null,
    ...spec.extra,
  };
}

function eventDocument(spec: EventSpec, tool: Tool): Record<string, unknown> {
  const { time, ref } = WRITE[tool];
  const djRef = (kind: SignupSpec['refKind'], djId: string) => (kind === 'client-map' ? clientMap(`djs/${djId}`) : kind === 'reference' ? ref(`djs/${djId}`) : `djs/${djId}`);
  let at = Date.parse(spec.start);
  const slots = spec.slots.map((slot) => {
    const signup = spec.signups.find((candidate) => candidate.uuid === slot.signup);
    const duration = signup?.duration ?? slot.duration ?? 1;
    const startTime = new Date(at).toISOString();
    at += duration * 3_600_000;
    return {
      ...(signup ? { signup_uuid: signup.uuid } : {}),
      ...(slot.legacyName ? { dj_name: slot.legacyName } : {}),
      ...(slot.legacyDj || signup ? { dj_ref: ref(`djs/${slot.legacyDj ?? signup!.djs[0]}`) } : {}),
      start_time: time(startTime),
      duration,
      is_debut: signup?.debut ?? false,
      slot_type: signup?.type ?? 'LIVE',
      stream_source_url: slot.streamSourceUrl ?? '',
      stream_source_type: slot.streamSourceType ?? 'VRCDN',
      ...slot.legacy,
    };
  });
  return {
    name: spec.name,
    start_datetime: time(spec.start),
    end_datetime: time(new Date(at).toISOString()),
    published: true,
    host: 'Hal',
    message: 'Come chill and wiggle with us!',
    footer: 'https://discord.gg/example',
    signupsAreOpen: spec.id === 'evNext2030',
    signups: spec.signups.map((signup) => ({
      uuid: signup.uuid,
      name: signup.name,
      dj_refs: signup.djs.map((djId) => djRef(signup.refKind, djId)),
      // The original's older documents say `debut`, newer ones `is_debut`.
      ...(signup.refKind === 'path' ? { debut: signup.debut ?? false } : { is_debut: signup.debut ?? false }),
      requested_duration: signup.duration ?? 1,
      type: signup.type ?? 'LIVE',
      ...(signup.prerecordUrl ? { prerecord_url: signup.prerecordUrl } : {}),
      ...(signup.availability ? { availability: { from: signup.availability.from === 'any' ? 'any' : time(signup.availability.from), to: signup.availability.to === 'any' ? 'any' : time(signup.availability.to) } } : {}),
      ...(signup.formData
        ? {
            event_signup_form_data: {
              event_id: spec.id,
              name: signup.name,
              is_b2b: signup.djs.length > 1,
              b2b_members_response: '',
              requested_duration: signup.duration ?? 1,
              type: signup.type ?? 'LIVE',
              stream_link: '',
              ...(signup.availability ? {} : { available_from: 'any', available_to: 'any' }),
              confirm_expectations: true,
              dj_notes: `Notes of ${signup.name}`,
            },
          }
        : {}),
    })),
    slots,
    dj_plays: expectedPlays().filter(([eventId]) => eventId === spec.id).map(([, djId]) => ref(`djs/${djId}`)),
    ...spec.extra,
  };
}

function collections(tool: Tool): Record<string, Record<string, Record<string, unknown>>> {
  const withSub = (doc: Record<string, unknown>) => (tool === 'firestore-export-import' ? doc : { ...doc, __collections__: {} });
  return {
    djs: Object.fromEntries(DJS.map((spec) => [spec.id, withSub(djDocument(spec, tool))])),
    events: Object.fromEntries(EVENTS.map((spec) => [spec.id, withSub(eventDocument(spec, tool))])),
    global: { global_settings: withSub({ signup_url: 'https://forms.community.example/signup', announcement_role: '1234' }) },
    hosts: { hal: withSub({ name: 'Hal', discord_id: '284719356793938699' }), rue: withSub({ name: 'Rue', discord_id: '284719356793938698' }) },
  };
}

/**
 * JSON as the tools print it (2-space indentation), a Discord ID the file wrote as a number
 * left as a bare number in the text.
 */
const print = (value: unknown) => JSON.stringify(value, null, 2).replace(/"discord_id": "(\d+)"/g, (match, digits: string) => (DJS.some((spec) => spec.discordNumber === digits) ? `"discord_id": ${digits}` : match));

/** The export's files as the tool writes them. */
export function exportFiles(tool: Tool): Array<{ name: string; text: string }> {
  const all = collections(tool);
  if (tool === 'node-firestore-import-export') return [{ name: 'firestore-export.json', text: print({ __collections__: all }) }];
  if (tool === 'firestore-export-import') return [{ name: 'backup.json', text: print(all) }];
  return Object.entries(all).map(([name, data]) => ({
    name: `${name}.json`,
    text: print({ meta: { format: 'JSON', version: '1.1.0', projectId: 'sunday-service-prod', resourcePath: [name], recursive: false, creationTime: 1735689600, app: 'firefoo' }, data }),
  }));
}
