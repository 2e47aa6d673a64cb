import { DEV_DISCORD } from '../config.js';

// The people the development sign-in provider offers. The demo data seeds matching DJs, so
// signing in as one of them lands in a populated app.

export interface DevAccount {
  key: 'admin' | 'host' | 'dj' | 'dj2' | 'dj3' | 'dj4' | 'dj5' | 'member' | 'outsider';
  label: string;
  discordId: string;
  username: string;
  globalName: string | null;
  nick: string | null;
  /** Guild role ids; null = not a member of the guild. */
  roleIds: string[] | null;
  /** Discord avatar hash; null = Discord's default avatar. */
  avatar: string | null;
}

export const DEV_ACCOUNTS: DevAccount[] = [
  { key: 'admin', label: 'Admin', discordId: '900000000000000001', username: 'ada_admin', globalName: 'Ada', nick: 'Ada (admin)', roleIds: [...DEV_DISCORD.adminRoleIds], avatar: null },
  { key: 'host', label: 'Host', discordId: '900000000000000002', username: 'hal_host', globalName: 'Hal', nick: null, roleIds: [...DEV_DISCORD.hostRoleIds], avatar: null },
  { key: 'dj', label: 'DJ', discordId: '900000000000000003', username: 'dana_dj', globalName: 'Dana', nick: 'DJ Dana', roleIds: [...DEV_DISCORD.djRoleIds], avatar: null },
  { key: 'dj2', label: 'Second DJ', discordId: '900000000000000004', username: 'rex_dj', globalName: null, nick: null, roleIds: [...DEV_DISCORD.djRoleIds], avatar: null },
  // Enough DJs to try a whole week: five sign up, one goes back to back, one drops out.
  { key: 'dj3', label: 'Third DJ', discordId: '900000000000000007', username: 'mika_dj', globalName: 'Mika', nick: null, roleIds: [...DEV_DISCORD.djRoleIds], avatar: null },
  { key: 'dj4', label: 'Fourth DJ', discordId: '900000000000000008', username: 'juno_dj', globalName: 'Juno', nick: 'DJ Juno', roleIds: [...DEV_DISCORD.djRoleIds], avatar: null },
  { key: 'dj5', label: 'Fifth DJ', discordId: '900000000000000009', username: 'theo_dj', globalName: 'Theo', nick: null, roleIds: [...DEV_DISCORD.djRoleIds], avatar: null },
  { key: 'member', label: 'Member without roles', discordId: '900000000000000005', username: 'milo_member', globalName: 'Milo', nick: null, roleIds: [], avatar: null },
  { key: 'outsider', label: 'Not a member of the server', discordId: '900000000000000006', username: 'olive_outsider', globalName: 'Olive', nick: null, roleIds: null, avatar: null },
];
