import { NavLink as MantineNavLink } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

interface SidebarLinkProps {
  to: string;
  label: string;
  icon: Icon;
  /** Further path prefixes that belong to this entry. */
  activePrefixes?: string[];
}

export function SidebarLink({ to, label, icon: LinkIcon, activePrefixes = [] }: SidebarLinkProps) {
  const { pathname } = useLocation();
  const active = [to, ...activePrefixes].some((p) => pathname === p || pathname.startsWith(`${p}/`));
  return (
    <MantineNavLink
      component={Link}
      to={to}
      label={label}
      leftSection={<LinkIcon size={18} stroke={1.7} aria-hidden="true" />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
    />
  );
}
