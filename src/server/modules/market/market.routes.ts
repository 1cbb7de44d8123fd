// Market routes: pricing analytics and dashboard metrics (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const marketRoutes: RouteModule = () => {};
