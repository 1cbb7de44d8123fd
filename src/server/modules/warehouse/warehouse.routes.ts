// Routes of the warehouse module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const warehouseRoutes: RouteModule = () => {};
