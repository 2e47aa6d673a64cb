import { z } from 'zod';
import { DISCORD_MESSAGE_LIMIT, DISCORD_POST_KINDS, WEBHOOK_KINDS } from '../discord-webhooks.js';
import { eventIdParamsSchema } from './events.js';

// Posting the generated texts to Discord through the configured webhooks (issue 14).

export const discordPostParamsSchema = eventIdParamsSchema.extend({
  kind: z.enum(DISCORD_POST_KINDS, { error: `The kind of post must be one of ${DISCORD_POST_KINDS.join(', ')}.` }),
});

/**
 * The text the person saw: the server posts only the text it builds itself from the saved
 * event, and refuses when the two differ (docs/decisions/012-posting-to-discord.md).
 */
export const discordPostBodySchema = z.strictObject({
  text: z
    .string()
    .min(1, 'There is no text to post.')
    .max(DISCORD_MESSAGE_LIMIT, `Discord takes at most ${DISCORD_MESSAGE_LIMIT} characters in one message: post this text by hand.`),
});

/** A text posted to Discord, kept so a later "Update post" edits the same message. */
export const discordPostSchema = z.object({
  kind: z.enum(DISCORD_POST_KINDS),
  messageId: z.string(),
  postedAt: z.string(),
  postedBy: z.string(),
  /** The last "Update post", if any. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DiscordPost = z.infer<typeof discordPostSchema>;

/** GET /api/events/:eventId/discord: the event's posts and which webhooks are set. */
export const discordPostsAnswerSchema = z.object({
  posts: z.array(discordPostSchema),
  webhooks: z.record(z.enum(WEBHOOK_KINDS), z.boolean()),
});
export type DiscordPostsAnswer = z.infer<typeof discordPostsAnswerSchema>;

/** The answer to a post: the record, and whether an earlier message was edited rather than a new one posted. */
export const discordPostResultSchema = z.object({ post: discordPostSchema, updated: z.boolean() });
