// Community detail and review routes (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const communityDetailRoutes: RouteModule = () => {};
