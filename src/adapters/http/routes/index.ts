import type { RouteGroup } from '../http-context.ts';
import { accountLiquidationRoutes } from './account-liquidations.ts';
import { accountRoutes } from './account-routes.ts';
import { adminRoutes } from './admin-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { calendarRoutes } from './calendar-routes.ts';
import { competitionRoutes } from './competition-routes.ts';
import { conditionalRoutes } from './conditional-routes.ts';
import { enrollmentRoutes } from './enrollment-routes.ts';
import { logoutRoutes } from './logout-routes.ts';
import { managementRoutes } from './management-routes.ts';
import { marketRoutes } from './market-routes.ts';
import { monitoringRoutes } from './monitoring-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { positionRoutes } from './position-routes.ts';
import { riskRoutes } from './risk-routes.ts';
import { settlementRoutes } from './settlement-routes.ts';
import { statementRoutes } from './statement-routes.ts';

/** Every route group of the spec's "Endpoints" section. */
export const ROUTE_GROUPS: readonly RouteGroup[] = [
  authRoutes,
  passwordRoutes,
  logoutRoutes,
  accountRoutes,
  statementRoutes,
  accountLiquidationRoutes,
  orderRoutes,
  conditionalRoutes,
  positionRoutes,
  marketRoutes,
  calendarRoutes,
  monitoringRoutes,
  managementRoutes,
  enrollmentRoutes,
  competitionRoutes,
  riskRoutes,
  adminRoutes,
  settlementRoutes,
];
