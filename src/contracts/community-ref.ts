// A community as a list names it (the assistant's suggestions, an operator's communities, the competitive
// set, the portfolio): its id, its name and its town. Written once so the lists agree.
import { z } from 'zod';

export const communityRefFields = {
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
};
