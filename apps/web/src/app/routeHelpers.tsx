import { Navigate } from 'react-router';
import type { RouteHandle } from './routeHandle.ts';

export const SITES = '/analytics/sites';

/** Types a route's handle (breadcrumb step, sidebar). */
export const handle = (h: RouteHandle): RouteHandle => h;

export const redirect = (to: string) => <Navigate to={to} replace />;
