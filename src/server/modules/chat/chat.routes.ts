// Routes of the chat module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const chatRoutes: RouteModule = () => {};
