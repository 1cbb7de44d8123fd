// Generated community illustrations, served under /media (outside /api).
import type { RouteModule } from '../../types';

export const mediaRoutes: RouteModule = () => {};
