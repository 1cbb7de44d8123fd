// Routes of the auth module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const authRoutes: RouteModule = () => {};
