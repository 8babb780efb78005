import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/error-screen';
import { NavigationProgress } from '../components/navigation-progress';
import { PageLoader } from '../components/page-loader';
import { guardLoader, revalidateAlways } from '../features/auth/guard-loader';
import { normalisePath } from '../features/auth/route-guard';
import { AdminFindingsPage } from '../features/admin/admin-findings-page';
import { AdminProvidersPage } from '../features/admin/admin-providers-page';
import { AdminSettingsPage } from '../features/admin/admin-settings-page';
import { ClientSettingsPage } from '../features/client-settings/client-settings-page';
import { EnvMismatchPage } from '../features/environment/env-mismatch-page';
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
import { TitledPage } from '../pages/titled-page';

function titled(path: string, title: string, description?: string): RouteObject {
  return { path, element: <TitledPage title={title} description={description} /> };
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
          titled('attacks', 'Angriffe'),
          { path: 'findings', element: <AdminFindingsPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          titled('logs', 'Protokolle'),
          titled('logs/search', 'Protokollsuche'),
          titled('graph-explorer', 'Graph-Explorer'),
        ],
      },
      {
        path: 'client/:clientId',
        element: <DefaultLayout />,
        children: [
          titled('dashboard', 'Dashboard'),
          titled('ioe', 'Schwachstellen (Indicators of Exposure)'),
          titled('ioe/exceptions', 'Ausnahmen'),
          titled('ioe/findings/*', 'Schwachstelle'),
          titled('ioa', 'Angriffe (Indicators of Attack)'),
          titled('security-log', 'Sicherheitsprotokoll'),
          titled('change-history', 'Änderungsverlauf'),
          titled('change-history/search', 'Änderungen durchsuchen'),
          titled('explorer', 'Objekt-Explorer'),
          { path: 'settings', element: <ClientSettingsPage /> },
          titled('settings/ioa/thresholds', 'Schwellenwerte für Angriffe'),
          titled('settings/ioe/thresholds', 'Schwellenwerte für Schwachstellen'),
          titled('settings/ioe/criticalities', 'Kritikalitäten'),
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
