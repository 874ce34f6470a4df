import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import { Button, Menu } from '@mantine/core';
import { IconBuilding, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../shared/api/graphql.ts';

const MY_ORGANIZATIONS = graphql(`
  query MyOrganizations {
    myOrganizations {
      id
      name
      current
    }
  }
`);

const SWITCH_ORGANIZATION = graphql(`
  mutation SwitchOrganization($organizationId: Int!) {
    switchOrganization(organizationId: $organizationId)
  }
`);

/**
 * The organization the user acts in, and a switch to their others (issue 28.3); shown only to a
 * user of more than one. Everything on screen is refetched after a switch: rights, sites and users
 * are the new organization's.
 */
export function OrganizationMenu() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const organizations = useQuery(MY_ORGANIZATIONS).data?.myOrganizations ?? [];
  const [switchTo, { loading }] = useMutation(SWITCH_ORGANIZATION);
  if (organizations.length < 2) return null;
  const current = organizations.find((o) => o.current);
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={240}>
      <Menu.Target>
        <Button variant="subtle" color="gray" leftSection={<IconBuilding size={18} stroke={1.7} aria-hidden="true" />} loading={loading} aria-label={t('shell.organizations.title')} data-testid="organization-menu">
          <bdi>{current?.name ?? ''}</bdi>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.organizations.title')}</Menu.Label>
        {organizations.map((o) => (
          <Menu.Item
            key={o.id}
            rightSection={o.current ? <IconCheck size={14} aria-label={t('shell.organizations.current')} /> : undefined}
            disabled={o.current}
            onClick={async () => {
              await switchTo({ variables: { organizationId: o.id } });
              await client.resetStore();
            }}
            data-testid="organization-choice"
          >
            <bdi>{o.name}</bdi>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
