// Routes of the admin module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const adminRoutes: RouteModule = () => {};
