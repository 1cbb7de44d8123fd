// Routes of the communities module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const communityRoutes: RouteModule = () => {};
