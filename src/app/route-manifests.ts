import { screen } from '../lib/route-manifest.ts';
import { INDEX_ROUTES } from '../pages/index/routes.ts';
import { MARKET_ROUTES } from '../pages/market/routes.ts';
import { spotRoutes } from '../pages/spot/routes.ts';
import { FUTURES_ROUTES, FUTURES_TRADE_PANELS } from '../pages/futures/routes.ts';
import { OPTIONS_ROUTES, OPTIONS_TRADE_PANELS } from '../pages/options/routes.ts';
import { FUND_ROUTES } from '../pages/fund/routes.ts';
import { COMMON_ROUTES } from '../pages/common/routes.ts';
import { SETTING_ROUTES } from '../pages/setting/routes.ts';
import { DOWNLOAD_ROUTES } from '../pages/download/routes.ts';
import { UPCOMING_ROUTES } from '../pages/upcoming/routes.ts';
import { FINANCIAL_ROUTES } from '../pages/financial/routes.ts';
import { INVEST_ROUTES } from '../pages/invest/routes.ts';
import { DUAL_ROUTES } from '../pages/dual/routes.ts';
import { LOCKMING_ROUTES } from '../pages/lockming/routes.ts';
import { IEO_ROUTES } from '../pages/ieo/routes.ts';
import { COPYTRADE_ROUTES } from '../pages/copytrade/routes.ts';

/** Spot's, with the trade tab's futures, options and stocks panels, which spot's folder may not import. */
const SPOT_ROUTES = spotRoutes({ ...FUTURES_TRADE_PANELS, ...OPTIONS_TRADE_PANELS });

/**
 * Every page folder's route manifest: together, every route of section 2. A new product folder adds
 * its manifest here. The app loads this list after the first screen (route-table.ts; the home tab's
 * manifest is in the boot chunk as well, routes.ts), and the build imports it to write index.html's
 * route preloader (scripts/vite/startup-assets.ts).
 */
export const ROUTE_MANIFESTS = [INDEX_ROUTES, MARKET_ROUTES, SPOT_ROUTES, FUTURES_ROUTES, OPTIONS_ROUTES, FUND_ROUTES, COMMON_ROUTES, SETTING_ROUTES, DOWNLOAD_ROUTES, UPCOMING_ROUTES, FINANCIAL_ROUTES, INVEST_ROUTES, DUAL_ROUTES, LOCKMING_ROUTES, IEO_ROUTES, COPYTRADE_ROUTES];

/** What a route without a screen of its own opens. */
export const UNDER_DEVELOPMENT = screen(() => import('../ui/under-development.tsx'), 'UnderDevelopment');
