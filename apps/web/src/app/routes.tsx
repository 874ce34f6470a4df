import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { HelpTopicCrumb } from '../features/help/HelpTopicCrumb.tsx';
import { NotFoundScreen } from '../shared/layout/NotFoundScreen.tsx';
import { accountRoutes } from './accountRoutes.tsx';
import { analyticsRoutes } from './analyticsRoutes.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { publicRoutes } from './publicRoutes.tsx';
import { RightGate } from './RightGate.tsx';
import { RootLayout } from './RootLayout.tsx';
import { handle, redirect, SITES } from './routeHelpers.tsx';

// Every screen is its own chunk, and so is the signed-in shell: the login page downloads neither
// the header and sidebars nor dashboards or charts.
const SignedInShell = lazy(() => import('./shell/SignedInShell.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const ExportDataPage = lazy(() => import('../features/exports/ExportDataPage.tsx'));
const EmbeddedPage = lazy(() => import('../features/embedded/EmbeddedPage.tsx'));
const HelpPage = lazy(() => import('../features/help/HelpPage.tsx'));
const ShortLinkPage = lazy(() => import('../features/shortlinks/ShortLinkPage.tsx'));
const AlertsPage = lazy(() => import('../features/alerts/AlertsPage.tsx'));
const NewAlertPage = lazy(() => import('../features/alerts/NewAlertPage.tsx'));
const AlertPage = lazy(() => import('../features/alerts/AlertPage.tsx'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage.tsx'));
const NewReportPage = lazy(() => import('../features/reports/NewReportPage.tsx'));
const SendOnceReportPage = lazy(() => import('../features/reports/SendOnceReportPage.tsx'));
const ReportPage = lazy(() => import('../features/reports/ReportPage.tsx'));
const SalesImportPage = lazy(() => import('../features/sales/SalesImportPage.tsx'));
const StopNGoPage = lazy(() => import('../features/stopngo/StopNGoPage.tsx'));
const StopNGoScreenPage = lazy(() => import('../features/stopngo/ScreenPage.tsx'));

/** The route table of spec 000 §2 and spec 001 §2, with every redirect rule. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: redirect(SITES) },
      { path: 'login', element: <LoginPage /> },
      { path: 'not-found', element: <NotFoundScreen /> },
      // An entrance screen: no sign-in, no shell, the whole viewport.
      { path: 'stop-n-go/screen', element: <StopNGoScreenPage /> },
      {
        element: <PublicLayout />,
        children: publicRoutes,
      },
      {
        element: (
          <RequireAuth>
            <SignedInShell />
          </RequireAuth>
        ),
        children: [
          { path: 'home', element: <HomePage layout="cards" />, handle: handle({ crumb: { text: (t) => t('home.title') } }) },
          // The spec's second home route: the same overview on a compact layout (docs/decisions.md).
          { path: 'home2', element: <HomePage layout="compact" />, handle: handle({ crumb: { text: (t) => t('home.compactTitle') } }) },
          ...analyticsRoutes,
          {
            path: 'export-data',
            element: (
              <RightGate allow={(g) => g.exportData}>
                <ExportDataPage />
              </RightGate>
            ),
            handle: handle({ crumb: { text: (t) => t('exports.title') } }),
          },
          {
            path: 'alerts',
            element: (
              <RightGate allow={(g) => g.alerts}>
                <Outlet />
              </RightGate>
            ),
            handle: handle({ crumb: { text: (t) => t('alerts.title'), to: '/alerts' } }),
            children: [
              { index: true, element: <AlertsPage /> },
              {
                path: 'new-alert',
                element: (
                  <RightGate allow={(g) => g.alertCreate}>
                    <NewAlertPage />
                  </RightGate>
                ),
                handle: handle({ crumb: { text: (t) => t('alerts.new.title') } }),
              },
              {
                path: ':id',
                element: (
                  <RightGate allow={(g) => g.alertEdit}>
                    <AlertPage />
                  </RightGate>
                ),
                handle: handle({ crumb: { text: (t) => t('alerts.edit.title') } }),
              },
            ],
          },
          {
            path: 'reports',
            element: (
              <RightGate allow={(g) => g.reports}>
                <Outlet />
              </RightGate>
            ),
            handle: handle({ crumb: { text: (t) => t('reports.title'), to: '/reports' } }),
            children: [
              { index: true, element: <ReportsPage /> },
              {
                path: 'new',
                element: (
                  <RightGate allow={(g) => g.reportCreate}>
                    <NewReportPage />
                  </RightGate>
                ),
                handle: handle({ crumb: { text: (t) => t('reports.new.title') } }),
              },
              {
                path: 'send-once',
                element: (
                  <RightGate allow={(g) => g.reportCreate}>
                    <SendOnceReportPage />
                  </RightGate>
                ),
                handle: handle({ crumb: { text: (t) => t('reports.once.title') } }),
              },
              { path: ':id', element: <ReportPage />, handle: handle({ crumb: { text: (t) => t('reports.edit.title') } }) },
            ],
          },
          {
            path: 'sales-metrics-import',
            element: (
              <RightGate allow={(g) => g.salesImport}>
                <SalesImportPage />
              </RightGate>
            ),
            handle: handle({ crumb: { text: (t) => t('sales.import.title') } }),
          },
          {
            path: 'stop-n-go',
            element: (
              <RightGate allow={(g) => g.stopNGo}>
                <StopNGoPage />
              </RightGate>
            ),
            handle: handle({ crumb: { text: (t) => t('stopNGo.title') } }),
          },
          {
            path: 'help',
            handle: handle({ crumb: { text: (t) => t('help.title'), to: '/help' } }),
            children: [
              { index: true, element: <HelpPage /> },
              { path: ':topicId', element: <HelpPage />, handle: handle({ crumb: { Label: HelpTopicCrumb } }) },
            ],
          },
          { path: 'embeded/:url', element: <EmbeddedPage />, handle: handle({ crumb: { text: (t) => t('embedded.title') } }) },
          { path: 't/:code', element: <ShortLinkPage />, handle: handle({ crumb: { text: (t) => t('shortLinks.title') } }) },
          ...accountRoutes,
          { path: '*', element: redirect(SITES) },
        ],
      },
    ],
  },
];
