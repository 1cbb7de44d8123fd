// Routes of the leads module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const leadRoutes: RouteModule = () => {};
