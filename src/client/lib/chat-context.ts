// A tiny store for the assistant's user context (SPEC section 2, search): pages publish what the
// user is looking at, the chat widget reads it.
import { useSyncExternalStore } from 'react';

export interface ChatContext {
  location?: string;
  careTypes?: string[];
  priceRange?: { min: number; max: number };
  resultNames?: string[];
}

let current: ChatContext = {};
const listeners = new Set<() => void>();

export function setChatContext(ctx: ChatContext): void {
  current = { ...ctx };
  for (const l of listeners) l();
}

export function getChatContext(): ChatContext {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatContext(): ChatContext {
  return useSyncExternalStore(subscribe, getChatContext, getChatContext);
}
