import { useMutation } from '@tanstack/react-query';
import type { ChatMessage, ChatRequest, ChatResponse } from '../../../../contracts/chat';
import { apiRequest } from '../../../lib/api';
import type { ChatContext } from '../../../lib/chat-context';

export async function sendChat(request: ChatRequest): Promise<ChatResponse> {
  const res = await apiRequest('POST', '/api/chat', request);
  return (await res.json()) as ChatResponse;
}

/** Only the parts of the page context the server accepts (empty values left out). */
export function toUserContext(ctx: ChatContext): ChatRequest['userContext'] {
  const out: NonNullable<ChatRequest['userContext']> = {};
  if (ctx.location?.trim()) out.location = ctx.location.trim().slice(0, 100);
  if (ctx.careTypes?.length) out.careTypes = ctx.careTypes.slice(0, 8);
  if (ctx.priceRange) out.priceRange = ctx.priceRange;
  if (ctx.resultNames?.length) out.resultNames = ctx.resultNames.slice(0, 3);
  return Object.keys(out).length ? out : undefined;
}

export function useSendChat() {
  return useMutation({ mutationFn: sendChat, retry: false });
}

export type { ChatMessage };
