// POST /api/chat (SPEC section 3 'Chat request', section 7).
import { z } from 'zod';
import { communityRefFields } from './community-ref';
import { safeText } from './text';

export const CHAT_MAX_MESSAGE = 1000;
export const CHAT_MAX_HISTORY = 40;
export const CHAT_GREETING = "Hi! I'm here to help you find the perfect senior living community. What can I help you with today?";
export const CHAT_APOLOGY = "I'm sorry, I'm having trouble right now. Please try again or contact our support team.";

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: safeText({ multiline: true }).max(4000),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatUserContextSchema = z
  .object({
    location: safeText().max(100).optional(),
    careTypes: z.array(safeText().max(40)).max(8).optional(),
    priceRange: z.object({ min: z.number().int().min(0).max(1_000_000), max: z.number().int().min(0).max(1_000_000) }).optional(),
    resultNames: z.array(safeText().max(200)).max(10).optional(),
  })
  .strict();
export type ChatUserContext = z.infer<typeof chatUserContextSchema>;

export const chatRequestSchema = z.object({
  message: safeText({ multiline: true })
    .trim()
    .min(1, 'message must not be empty')
    .max(CHAT_MAX_MESSAGE, `message must be at most ${CHAT_MAX_MESSAGE} characters`),
  sessionId: safeText().trim().min(1).max(64),
  conversationHistory: z.array(chatMessageSchema).max(CHAT_MAX_HISTORY, `conversationHistory must have at most ${CHAT_MAX_HISTORY} messages`).default([]),
  userContext: chatUserContextSchema.optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatCommunitySchema = z.object({
  ...communityRefFields,
  careTypes: z.array(z.string()),
  minPrice: z.number().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  url: z.string(),
});
export type ChatCommunity = z.infer<typeof chatCommunitySchema>;

export const chatFiltersSchema = z.object({
  location: z.string().optional(),
  careTypes: z.array(z.string()),
  amenities: z.array(z.string()),
  priceMin: z.number().optional(),
  priceMax: z.number().optional(),
  sort: z.string().optional(),
});
export type ChatFilters = z.infer<typeof chatFiltersSchema>;

export const chatResponseSchema = z.object({
  /** The assistant's reply. Community links are written as [Name](/community/ID). */
  message: z.string(),
  /** The communities the reply names, in order (every one exists in the database). */
  communities: z.array(chatCommunitySchema),
  /** What the assistant understood (default engine), for transparency and tests. */
  filters: chatFiltersSchema.optional(),
  engine: z.enum(['rules', 'llm']),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** Splits a reply into text and community links; the client renders links, never HTML. */
export function splitChatLinks(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const re = /\[([^\]\n]{1,200})\]\((\/community\/\d{1,10})\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[1]!, href: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
