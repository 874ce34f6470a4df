import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { handleOf, type SidebarKind } from '../routeHandle.ts';
import { TutorialHost } from '../../features/help/TutorialHost.tsx';
import { ViewAsBar } from '../../features/view-as/ViewAsBar.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { AnalyticsSidebar, ProfileSidebar, SettingsSidebar } from './Sidebars.tsx';
import { SkipLink } from './SkipLink.tsx';
import classes from './AppShellLayout.module.css';

const SIDEBAR_WIDTH = 240;

const SIDEBARS: Record<SidebarKind, () => React.JSX.Element> = {
  analytics: AnalyticsSidebar,
  settings: SettingsSidebar,
  profile: ProfileSidebar,
};

export function AppShellLayout() {
  const { t } = useTranslation();
  const sidebar = useMatches()
    .map((match) => handleOf(match).sidebar)
    .filter((kind) => kind !== undefined)
    .at(-1);
  const Sidebar = sidebar ? SIDEBARS[sidebar] : null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={Sidebar ? { width: SIDEBAR_WIDTH, breakpoint: 0 } : undefined}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <HeaderBar />
      </AppShell.Header>
      {Sidebar && (
        <AppShell.Navbar p="sm" aria-label={t('shell.sidebar.label')} data-testid="sidebar" data-tutorial="sidebar">
          <Sidebar />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <ViewAsBar />
        <Breadcrumbs />
        <Suspense fallback={<SectionLoader />}>
          <Outlet />
        </Suspense>
        {/* The page ends above the cookie notice while it shows (CookieNotice keeps the space). */}
        <div aria-hidden="true" className={classes.noticeSpace} />
      </AppShell.Main>
      <TutorialHost />
    </AppShell>
  );
}
