// Routes of the analytics module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const analyticsRoutes: RouteModule = () => {};
