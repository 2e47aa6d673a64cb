import * as archive from './archive.js';
import * as auth from './auth.js';
import type { Contract } from './contract.js';
import * as discord from './discord.js';
import * as djPosts from './dj-posts.js';
import * as djs from './djs.js';
import * as events from './events.js';
import * as history from './history.js';
import * as live from './live.js';
import * as me from './me.js';
import * as publicPages from './public.js';
import * as settings from './settings.js';
import * as signup from './signup.js';
import * as streamChecks from './stream-checks.js';

// Every endpoint of the API, by feature: the access-matrix and hostile-input tests enumerate them.
export const API = { auth, events, djs, settings, signup, me, public: publicPages, discord, history, archive, djPosts, streamChecks, live } as const;

export const ALL_CONTRACTS: readonly Contract[] = Object.values(API).flatMap((feature) => Object.values(feature));
