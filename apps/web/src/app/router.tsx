import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/error-screen';
import { NavigationProgress } from '../components/navigation-progress';
import { PageLoader } from '../components/page-loader';
import { guardLoader, revalidateAlways } from '../lib/auth/guard-loader';
import { normalisePath } from '../lib/auth/route-guard';
import { DashboardPage } from '../features/ioe/dashboard-page';
import { EnvMismatchPage } from '../features/environment/env-mismatch-page';
import { CriticalitiesPage } from '../features/ioe/criticalities-page';
import { ExceptionsPage } from '../features/ioe/exceptions-page';
import { FindingPage } from '../features/ioe/finding-page';
import { IoeListPage } from '../features/ioe/ioe-list-page';
import { ThresholdsPage } from '../features/ioe/thresholds-page';
import { AdminLogSearchPage } from '../features/admin-logs/admin-log-search-page';
import { AdminLogsPage } from '../features/admin-logs/admin-logs-page';
import { AdminAttacksPage } from '../features/admin-attacks/admin-attacks-page';
import { ChangeHistoryPage } from '../features/change-history/change-history-page';
import { ChangeSearchPage } from '../features/change-history/change-search-page';
import { ExplorerPage } from '../features/explorer/explorer-page';
import { IoaOverviewPage } from '../features/ioa/ioa-overview-page';
import { IoaThresholdsPage } from '../features/ioa-settings/ioa-thresholds-page';
import { SecurityLogPage } from '../features/security-log/security-log-page';
import { AdminFindingsPage } from '../features/admin/admin-findings-page';
import { AdminGraphExplorerPage } from '../features/admin/admin-graph-explorer-page';
import { AdminProvidersPage } from '../features/admin/admin-providers-page';
import { AdminSettingsPage } from '../features/admin/admin-settings-page';
import { ClientSettingsPage } from '../features/client-settings/client-settings-page';
import { AuditPage, MonitoringPage } from '../features/provider-clients/client-list-page';
import { QuickcheckPage } from '../features/provider-clients/quickcheck-page';
import { QuickcheckInstallerPage } from '../features/quickcheck-installer/quickcheck-installer-page';
import { ProviderSettingsPage } from '../features/provider-settings/provider-settings-page';
import { RegisterPage } from '../features/register/register-page';
import { UserSettingsPage } from '../features/user-settings/user-settings-page';
import { AdminLayout } from '../layouts/admin-layout';
import { DefaultLayout } from '../layouts/default-layout';
import { EmptyLayout } from '../layouts/empty-layout';
import { IndexLayout } from '../layouts/index-layout';
import { ServiceproviderLayout } from '../layouts/serviceprovider-layout';
import { SimpleLayout } from '../layouts/simple-layout';
import { LandingPage, landingLoader } from '../pages/landing-page';
import { legalRoutes } from '../pages/legal-pages';
import { notFoundLoader } from '../pages/not-found';

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
        element: <IndexLayout />,
        children: [{ index: true, loader: landingLoader, element: <LandingPage /> }, ...legalRoutes],
      },
      {
        element: <EmptyLayout />,
        children: [{ path: 'register', element: <RegisterPage /> }, { path: 'meta/quickcheck/installer', element: <QuickcheckInstallerPage /> }],
      },
      {
        element: <SimpleLayout />,
        children: [{ path: 'settings', element: <UserSettingsPage /> }, { path: 'env-mismatch', element: <EnvMismatchPage /> }],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { path: 'serviceprovider', element: <AdminProvidersPage /> },
          { path: 'attacks', element: <AdminAttacksPage /> },
          { path: 'findings', element: <AdminFindingsPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: 'logs', element: <AdminLogsPage /> },
          { path: 'logs/search', element: <AdminLogSearchPage /> },
          { path: 'graph-explorer', element: <AdminGraphExplorerPage /> },
        ],
      },
      {
        path: 'client/:clientId',
        element: <DefaultLayout />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'ioe', element: <IoeListPage /> },
          { path: 'ioe/exceptions', element: <ExceptionsPage /> },
          { path: 'ioe/findings/*', element: <FindingPage /> },
          { path: 'ioa', element: <IoaOverviewPage /> },
          { path: 'security-log', element: <SecurityLogPage /> },
          { path: 'change-history', element: <ChangeHistoryPage /> },
          { path: 'change-history/search', element: <ChangeSearchPage /> },
          { path: 'explorer', element: <ExplorerPage /> },
          { path: 'settings', element: <ClientSettingsPage /> },
          { path: 'settings/ioa/thresholds', element: <IoaThresholdsPage /> },
          { path: 'settings/ioe/thresholds', element: <ThresholdsPage /> },
          { path: 'settings/ioe/criticalities', element: <CriticalitiesPage /> },
        ],
      },
      {
        path: 'provider/:providerId',
        element: <ServiceproviderLayout />,
        children: [
          { path: 'monitoring', element: <MonitoringPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'quickcheck', element: <QuickcheckPage /> },
          { path: 'settings', element: <ProviderSettingsPage /> },
        ],
      },
      { path: '*', loader: notFoundLoader, element: null },
    ],
  },
];

export const router = createBrowserRouter(routes);
