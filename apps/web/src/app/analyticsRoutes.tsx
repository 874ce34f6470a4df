import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { InstallationCrumb } from '../features/installations/components/InstallationCrumb.tsx';
import { CustomPageCrumb } from '../features/dashboards/CustomPageCrumb.tsx';
import { FamilyGate } from '../features/installations/FamilyGate.tsx';
import { RightGate } from './RightGate.tsx';
import { handle, redirect, SITES } from './routeHelpers.tsx';

const DashboardsPage = lazy(() => import('../features/dashboards/DashboardsPage.tsx'));
const CustomPage = lazy(() => import('../features/dashboards/CustomPage.tsx'));
const DashboardHome = lazy(() => import('../features/dashboards/DashboardHome.tsx'));
const VersionPage = lazy(() => import('../features/dashboards/editor/history/VersionPage.tsx'));
const EditorPage = lazy(() => import('../features/dashboards/editor/EditorPage.tsx'));
const SitesPage = lazy(() => import('../features/installations/SitesPage.tsx'));
const InstallationListPage = lazy(() => import('../features/installations/InstallationListPage.tsx'));
const InstallationDashboardPage = lazy(() => import('../features/installations/InstallationDashboardPage.tsx'));
const SalesFunnelPage = lazy(() => import('../features/sales/SalesFunnelPage.tsx'));

/** Analytics family: sites, dashboards, installation pages and the sales funnel (with the analytics sidebar). */
export const analyticsRoutes: RouteObject[] = [
  {
    path: 'analytics',
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('shell.header.analytics'), to: SITES } }),
    children: [
      { index: true, element: redirect(SITES) },
      { path: 'sites', element: <SitesPage />, handle: handle({ crumb: { text: (t) => t('sites.title') } }) },
      {
        path: 'dashboard',
        element: <DashboardsPage />,
        handle: handle({ crumb: { text: (t) => t('dashboards.title') } }),
      },
    ],
  },
  {
    path: 'dashboard',
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('dashboards.title'), to: '/dashboard' } }),
    children: [
      { index: true, element: <DashboardsPage /> },
      { path: ':dashboardId', element: <DashboardHome /> },
      {
        path: ':dashboardId/page/:pageId',
        element: <CustomPage />,
        handle: handle({ crumb: { Label: CustomPageCrumb } }),
      },
      { path: ':dashboardId/version/:number', element: <VersionPage />, handle: handle({ crumb: { text: (t) => t('dashboardHistory.title') } }) },
      {
        path: ':dashboardId/edit',
        element: <EditorPage />,
        handle: handle({ crumb: { text: (t) => t('dashboardEditor.crumb') } }),
      },
    ],
  },
  {
    path: 'counting',
    element: <FamilyGate family="counting" />,
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('sites.title'), to: SITES } }),
    children: [
      {
        index: true,
        element: <InstallationListPage family="counting" />,
        handle: handle({ crumb: { text: (t) => t('installations.lists.counting') } }),
      },
      { path: ':installationId', element: <InstallationDashboardPage kind="counting" />, handle: handle({ crumb: { Label: InstallationCrumb } }) },
    ],
  },
  {
    path: 'atmosphere',
    element: <FamilyGate family="atmosphere" />,
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('sites.title'), to: SITES } }),
    children: [
      {
        index: true,
        element: <InstallationListPage family="atmosphere" />,
        handle: handle({ crumb: { text: (t) => t('installations.lists.atmosphere') } }),
      },
      { path: ':installationId', element: <InstallationDashboardPage kind="atmosphere" />, handle: handle({ crumb: { Label: InstallationCrumb } }) },
    ],
  },
  {
    path: 'energy',
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('sites.title'), to: SITES } }),
    children: [
      {
        index: true,
        element: <InstallationListPage family="energy" />,
        handle: handle({ crumb: { text: (t) => t('installations.lists.energy') } }),
      },
      { path: ':installationId', element: <InstallationDashboardPage kind="energy" />, handle: handle({ crumb: { Label: InstallationCrumb } }) },
    ],
  },
  {
    path: 'sales-funnel',
    element: (
      <RightGate allow={(g) => g.salesFunnel}>
        <SalesFunnelPage />
      </RightGate>
    ),
    handle: handle({ sidebar: 'analytics', crumb: { text: (t) => t('sales.funnel.title') } }),
  },
];
