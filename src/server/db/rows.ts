import type { Dj } from '../../shared/domain.js';
import type { DjsTable } from './schema.js';

// Row-to-domain mappings needed by more than one feature.

export const djFromRow = (row: DjsTable): Dj => ({
  id: row.id,
  discordId: row.discord_id,
  publicName: row.public_name,
  djName: row.dj_name,
  rtmpUrl: row.rtmp_url,
  twitchUsername: row.twitch_username,
  avatarUrl: row.avatar_url,
  notes: row.notes,
});
