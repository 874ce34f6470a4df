import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomLink } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { CustomLinkIconView } from '../../shared/links/customLinkIcons.tsx';
import { embeddedPath } from '../../features/embedded/embeddedAddress.ts';

function LinkItem({ link }: { link: CustomLink }) {
  const { t } = useTranslation();
  const common = { leftSection: <CustomLinkIconView iconSrc={link.iconSrc} />, 'data-testid': 'custom-link' };
  const text = <bdi>{link.text}</bdi>;
  if (!link.openOutside) {
    // A link that does not open outside shows in the app's embedded frame, under the header.
    return (
      <Menu.Item component={Link} to={embeddedPath(link.url)} {...common}>
        {text}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component="a" href={link.url} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={14} aria-label={t('shell.links.newTab')} />} {...common}>
      {text}
    </Menu.Item>
  );
}

/** The header's menu of links (a list item of the header's tools) set by administrators (spec 000 §3): the organization's, then the user's own. */
export function CustomLinksMenu() {
  const { t } = useTranslation();
  const { me, organization } = useCaller();
  const shared = organization?.customLinks ?? [];
  const own = me.customLinks;
  if (shared.length + own.length === 0) return null;
  const label = t('shell.links.title');
  return (
    <li>
    <Menu position="bottom-end" withArrow shadow="md" width={260}>
      <Menu.Target>
        <Tooltip label={label} withArrow>
          <ActionIcon size={36} variant="subtle" color="gray" aria-label={label} data-testid="custom-links-menu">
            <IconLayoutGrid size={20} stroke={1.7} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {shared.length > 0 && <Menu.Label>{organization?.name}</Menu.Label>}
        {shared.map((link, i) => (
          <LinkItem key={`o${i}`} link={link} />
        ))}
        {shared.length > 0 && own.length > 0 && <Menu.Divider />}
        {own.length > 0 && <Menu.Label>{t('shell.links.yours')}</Menu.Label>}
        {own.map((link, i) => (
          <LinkItem key={`u${i}`} link={link} />
        ))}
      </Menu.Dropdown>
    </Menu>
    </li>
  );
}
