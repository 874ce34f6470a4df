import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './HeaderBar.module.css';

export interface HeaderLink {
  to: string;
  label: string;
  icon: Icon;
  visible: boolean;
  /** Paths that also light this link up. */
  alsoActiveOn?: string[];
}

/** What the More button shows; the hidden copy that measures it shows the same. */
export function MoreLabel() {
  const { t } = useTranslation();
  return (
    <>
      <span>{t('shell.header.more')}</span>
      <IconChevronDown size={14} stroke={1.7} aria-hidden="true" />
    </>
  );
}

/**
 * The header's links that do not fit its row (at 1024 px, or in a language with long words): a
 * menu button that opens with the keyboard, lit like a link when the page shown is one of them.
 */
export function HeaderMoreMenu({ links, isActive }: { links: HeaderLink[]; isActive: (link: HeaderLink) => boolean }) {
  const lit = links.some(isActive);
  return (
    <Menu position="bottom-end" withArrow shadow="md" width="max-content" classNames={{ dropdown: classes.moreDropdown }}>
      <Menu.Target>
        <UnstyledButton className={lit ? `${classes.link} ${classes.active}` : classes.link} data-active={lit || undefined} data-testid="header-more">
          <MoreLabel />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => {
          const { to, label, icon: LinkIcon } = link;
          const active = isActive(link);
          return (
            <Menu.Item
              key={to}
              component={NavLink}
              to={to}
              className={active ? classes.activeItem : undefined}
              aria-current={active ? 'page' : undefined}
              leftSection={<LinkIcon size={18} stroke={1.7} aria-hidden="true" />}
            >
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
