import { ActionIcon, Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChartFunnel,
  IconChartLine,
  IconDownload,
  IconFileAnalytics,
  IconHelpCircle,
  IconSettings,
  IconTrafficLights,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fullName, initials } from '../../shared/caller/fullName.ts';
import { Logo } from '../../shared/layout/Logo.tsx';
import { CustomLinksMenu } from './CustomLinksMenu.tsx';
import { HeaderMoreMenu, MoreLabel, type HeaderLink } from './HeaderMoreMenu.tsx';
import { OrganizationMenu } from './OrganizationMenu.tsx';
import { useFittingLinks } from './useFittingLinks.ts';
import classes from './HeaderBar.module.css';

const ANALYTICS_FAMILY = ['/analytics', '/dashboard', '/counting', '/atmosphere', '/energy', '/home', '/home2'];

export function HeaderBar() {
  const { t } = useTranslation();
  const { me, gates } = useCaller();
  const { pathname } = useLocation();
  const name = fullName(me);

  const links: HeaderLink[] = [
    { to: '/analytics', label: t('shell.header.analytics'), icon: IconChartLine, visible: true, alsoActiveOn: ANALYTICS_FAMILY },
    { to: '/sales-funnel', label: t('shell.header.salesFunnel'), icon: IconChartFunnel, visible: gates.salesFunnel },
    { to: '/export-data', label: t('shell.header.exportData'), icon: IconDownload, visible: gates.exportData },
    { to: '/alerts', label: t('shell.header.alerts'), icon: IconBell, visible: gates.alerts },
    { to: '/reports', label: t('shell.header.reports'), icon: IconFileAnalytics, visible: gates.reports },
    { to: '/sales-metrics-import', label: t('shell.header.salesImport'), icon: IconUpload, visible: gates.salesImport },
    { to: '/stop-n-go', label: t('shell.header.stopNGo'), icon: IconTrafficLights, visible: gates.stopNGo },
  ].filter((link) => link.visible);
  const { rowRef, measureRef, fitting } = useFittingLinks(links.length);
  const isActive = ({ to, alsoActiveOn }: HeaderLink) =>
    [to, ...(alsoActiveOn ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
  // Help and settings show as icons with a tooltip, so the header fits the 1200 px base width.
  const tools: HeaderLink[] = [
    { to: '/help', label: t('shell.header.help'), icon: IconHelpCircle, visible: true },
    { to: '/settings', label: t('shell.header.settings'), icon: IconSettings, visible: gates.settings },
  ];

  return (
    <Group h="100%" px="md" gap="lg" wrap="nowrap" className={classes.bar}>
      <Link to="/analytics" className={classes.brand} aria-label={t('shell.header.home')}>
        <Logo size={30} />
        <span className={classes.wordmark}>{t('app.name')}</span>
      </Link>
      <nav aria-label={t('shell.header.navigation')} className={classes.nav}>
        <div ref={rowRef} className={classes.row}>
          <ul className={classes.list}>
            {links.slice(0, fitting).map((link) => {
              const { to, label, icon: LinkIcon } = link;
              return (
                <li key={to}>
                  <NavLink to={to} className={isActive(link) ? `${classes.link} ${classes.active}` : classes.link}>
                    <LinkIcon size={18} stroke={1.7} aria-hidden="true" />
                    <span>{label}</span>
                  </NavLink>
                </li>
              );
            })}
            {fitting < links.length && (
              <li>
                <HeaderMoreMenu links={links.slice(fitting)} isActive={isActive} />
              </li>
            )}
          </ul>
          {/* Every link and the More button as they would show, unseen, to measure what fits. */}
          <ul ref={measureRef} className={`${classes.list} ${classes.measure}`} aria-hidden="true">
            {links.map(({ to, label, icon: LinkIcon }) => (
              <li key={to} className={classes.link}>
                <LinkIcon size={18} stroke={1.7} aria-hidden="true" />
                <span>{label}</span>
              </li>
            ))}
            <li className={classes.link}>
              <MoreLabel />
            </li>
          </ul>
        </div>
        <ul className={classes.list}>
          {tools
            .filter((tool) => tool.visible)
            .map(({ to, label, icon: ToolIcon }) => (
              <li key={to}>
                <Tooltip label={label} withArrow>
                  <ActionIcon
                    component={NavLink}
                    to={to}
                    size={36}
                    variant={pathname.startsWith(to) ? 'light' : 'subtle'}
                    color={pathname.startsWith(to) ? 'blue' : 'gray'}
                    aria-label={label}
                  >
                    <ToolIcon size={20} stroke={1.7} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </li>
            ))}
          <CustomLinksMenu />
        </ul>
      </nav>
      <OrganizationMenu />
      <UnstyledButton
        component={NavLink}
        to="/user-profile"
        className={classes.user}
        aria-label={t('shell.header.profile', { name })}
      >
        <Avatar color="blue" radius="xl" size={32} src={me.picture}>
          {initials(me)}
        </Avatar>
        <Text size="sm" fw={500} className={classes.userName}>
          {name}
        </Text>
      </UnstyledButton>
    </Group>
  );
}
