// POST /api/chat: validated, rate limited; the model when one is configured, else (and on any model
// failure) the default engine. The user never sees a stack trace.
import { chatRequestSchema, chatResponseSchema } from '../../../contracts/chat';
import type { RouteModule } from '../../types';
import { rulesReply } from './engine';
import { llmReply, LlmUnusable } from './llm';

export const chatRoutes: RouteModule = (app, { pool, env, search }) => {
  const llm = env.LLM_BASE_URL && env.LLM_MODEL ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS } : null;

  app.post(
    '/chat',
    {
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: env.CHAT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: { body: chatRequestSchema, response: { 200: chatResponseSchema } },
    },
    async (request) => {
      if (llm) {
        try {
          return await llmReply(llm, search, request.body);
        } catch (err) {
          request.log.warn({ err: err instanceof LlmUnusable ? err.message : err }, 'model unusable, answering with the default engine');
        }
      }
      return rulesReply({ pool, search }, request.body);
    },
  );
};
