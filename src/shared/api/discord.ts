import { eventIdParamsSchema } from '../schemas/events.js';
import {
  discordPostBodySchema,
  discordPostParamsSchema,
  discordPostResultSchema,
  discordPostsAnswerSchema,
} from '../schemas/discord.js';
import { contract } from './contract.js';

// "Post to Discord" beside Copy Text (Setup's signups-open message, Verify DJs, the Discord
// announcement), for staff, through the webhooks of Global Settings.

export const getDiscordPosts = contract({
  method: 'GET',
  path: '/api/events/:eventId/discord',
  access: 'staff',
  params: eventIdParamsSchema,
  response: discordPostsAnswerSchema,
  errors: [],
});

/** Posts the text, or edits the message posted before ("Update post"). */
export const postToDiscord = contract({
  method: 'POST',
  path: '/api/events/:eventId/discord/:kind',
  access: 'staff',
  params: discordPostParamsSchema,
  body: discordPostBodySchema,
  response: discordPostResultSchema,
  errors: [
    'webhook_not_configured',
    'stale_text',
    'signups_closed',
    'discord_refused',
    'discord_rate_limited',
    'discord_unavailable',
    'discord_message_gone',
    'event_cancelled',
    'conflict',
  ],
});
