// Routes of the insights module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const insightRoutes: RouteModule = () => {};
