import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/error-screen';
import { NavigationProgress } from '../components/navigation-progress';
import { PageLoader } from '../components/page-loader';
import { guardLoader, revalidateAlways } from '../lib/auth/guard-loader';
import { normalisePath } from '../lib/auth/route-guard';
import { landingRoute } from '../pages/landing-page';
import { legalRoutes } from '../pages/legal-pages';
import { notFoundLoader } from '../pages/not-found';

/**
 * Every page and layout is its own chunk, loaded with its route: the first load
 * carries only the router, the guards and the layout and page being opened.
 */
function page<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Unknown paths get the 404 screen (SPEC §8) for everyone; the guards protect
 * real pages and the entry paths (/index, /provider, /client/{org}/ …).
 */
function guardKnownPages(args: LoaderFunctionArgs) {
  const pathname = new URL(args.request.url).pathname;
  const unknown = matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
  const entryShaped = /^\/((provider|client)(\/[^/]+)?)?$/.test(normalisePath(pathname));
  return unknown && !entryShaped ? null : guardLoader(args);
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    // SPEC §5 guards and §2 entry redirects, on every navigation.
    loader: guardKnownPages,
    shouldRevalidate: revalidateAlways,
    element: (
      <>
        <NavigationProgress />
        <Outlet />
      </>
    ),
    children: [
      {
        lazy: page(() => import('../layouts/index-layout'), 'IndexLayout'),
        children: [
          { index: true, lazy: landingRoute },
          ...legalRoutes,
        ],
      },
      {
        lazy: page(() => import('../layouts/empty-layout'), 'EmptyLayout'),
        children: [
          { path: 'register', lazy: page(() => import('../features/register/register-page'), 'RegisterPage') },
          { path: 'meta/quickcheck/installer', lazy: page(() => import('../features/quickcheck-installer/quickcheck-installer-page'), 'QuickcheckInstallerPage') },
        ],
      },
      {
        lazy: page(() => import('../layouts/simple-layout'), 'SimpleLayout'),
        children: [
          { path: 'settings', lazy: page(() => import('../features/user-settings/user-settings-page'), 'UserSettingsPage') },
          { path: 'support', lazy: page(() => import('../features/support/support-page'), 'SupportPage') },
          { path: 'env-mismatch', lazy: page(() => import('../features/environment/env-mismatch-page'), 'EnvMismatchPage') },
        ],
      },
      {
        path: 'admin',
        lazy: page(() => import('../layouts/admin-layout'), 'AdminLayout'),
        children: [
          { path: 'serviceprovider', lazy: page(() => import('../features/admin/admin-providers-page'), 'AdminProvidersPage') },
          { path: 'attacks', lazy: page(() => import('../features/admin-attacks/admin-attacks-page'), 'AdminAttacksPage') },
          { path: 'findings', lazy: page(() => import('../features/admin/admin-findings-page'), 'AdminFindingsPage') },
          { path: 'settings', lazy: page(() => import('../features/admin/admin-settings-page'), 'AdminSettingsPage') },
          { path: 'logs', lazy: page(() => import('../features/admin-logs/admin-logs-page'), 'AdminLogsPage') },
          { path: 'logs/search', lazy: page(() => import('../features/admin-logs/admin-log-search-page'), 'AdminLogSearchPage') },
          { path: 'jobs', lazy: page(() => import('../features/admin-jobs/admin-jobs-page'), 'AdminJobsPage') },
          { path: 'selfhosted', lazy: page(() => import('../features/admin/admin-selfhosted-page'), 'AdminSelfhostedPage') },
          { path: 'graph-explorer', lazy: page(() => import('../features/admin/admin-graph-explorer-page'), 'AdminGraphExplorerPage') },
        ],
      },
      {
        path: 'client/:clientId',
        lazy: page(() => import('../layouts/default-layout'), 'DefaultLayout'),
        children: [
          { path: 'dashboard', lazy: page(() => import('../features/ioe/dashboard-page'), 'DashboardPage') },
          { path: 'ioe', lazy: page(() => import('../features/ioe/ioe-list-page'), 'IoeListPage') },
          { path: 'ioe/exceptions', lazy: page(() => import('../features/ioe/exceptions-page'), 'ExceptionsPage') },
          { path: 'ioe/findings/*', lazy: page(() => import('../features/ioe/finding-page'), 'FindingPage') },
          { path: 'ioa', lazy: page(() => import('../features/ioa/ioa-overview-page'), 'IoaOverviewPage') },
          { path: 'security-log', lazy: page(() => import('../features/security-log/security-log-page'), 'SecurityLogPage') },
          { path: 'change-history', lazy: page(() => import('../features/change-history/change-history-page'), 'ChangeHistoryPage') },
          { path: 'change-history/search', lazy: page(() => import('../features/change-history/change-search-page'), 'ChangeSearchPage') },
          { path: 'explorer', lazy: page(() => import('../features/explorer/explorer-page'), 'ExplorerPage') },
          { path: 'attack-paths', lazy: page(() => import('../features/attack-paths/attack-paths-page'), 'AttackPathsPage') },
          { path: 'settings', lazy: page(() => import('../features/client-settings/client-settings-page'), 'ClientSettingsPage') },
          { path: 'settings/ioa/thresholds', lazy: page(() => import('../features/ioa-settings/ioa-thresholds-page'), 'IoaThresholdsPage') },
          { path: 'settings/ioe/thresholds', lazy: page(() => import('../features/ioe/thresholds-page'), 'ThresholdsPage') },
          { path: 'settings/ioe/criticalities', lazy: page(() => import('../features/ioe/criticalities-page'), 'CriticalitiesPage') },
        ],
      },
      {
        path: 'provider/:providerId',
        lazy: page(() => import('../layouts/serviceprovider-layout'), 'ServiceproviderLayout'),
        children: [
          { path: 'monitoring', lazy: page(() => import('../features/provider-clients/client-list-page'), 'MonitoringPage') },
          { path: 'audit', lazy: page(() => import('../features/provider-clients/client-list-page'), 'AuditPage') },
          { path: 'quickcheck', lazy: page(() => import('../features/provider-clients/quickcheck-page'), 'QuickcheckPage') },
          { path: 'settings', lazy: page(() => import('../features/provider-settings/provider-settings-page'), 'ProviderSettingsPage') },
        ],
      },
      { path: '*', loader: notFoundLoader, element: null },
    ],
  },
];

export const router = createBrowserRouter(routes);
