// Routes of the favorites module (registered under /api in src/server/app.ts).
import type { RouteModule } from '../../types';

export const favoriteRoutes: RouteModule = () => {};
