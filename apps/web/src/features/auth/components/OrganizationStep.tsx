import { useState } from 'react';
import { useApolloClient } from '@apollo/client';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_ORGANIZATIONS, SIGN_IN_SWITCH_ORGANIZATION } from '../graphql/signin.ts';

export interface OrganizationChoice {
  id: number;
  name: string;
  current: boolean;
}

/** The organizations a new token may act in, read with that token before the session starts. */
export async function organizationsOf(client: ReturnType<typeof useApolloClient>, token: string): Promise<OrganizationChoice[]> {
  const { data } = await client.query({ query: SIGN_IN_ORGANIZATIONS, fetchPolicy: 'no-cache', context: { headers: { authorization: `Bearer ${token}` } } });
  return data.myOrganizations;
}

/**
 * The sign-in step of a user of several organizations (issue 28.3): the one used last first and
 * marked, a click opens one (the header's switcher changes it later). Users of one never see it.
 */
export function OrganizationStep({ token, organizations, onChosen }: { token: string; organizations: OrganizationChoice[]; onChosen: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [opening, setOpening] = useState<number | null>(null);
  const ordered = [...organizations].sort((x, y) => Number(y.current) - Number(x.current));
  const open = async (o: OrganizationChoice) => {
    setOpening(o.id);
    if (!o.current) {
      await client.mutate({ mutation: SIGN_IN_SWITCH_ORGANIZATION, variables: { organizationId: o.id }, context: { headers: { authorization: `Bearer ${token}` } } });
    }
    onChosen();
  };
  return (
    <Stack gap="sm" data-testid="organization-step">
      <Text fw={600}>{t('login.organization.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('login.organization.intro')}
      </Text>
      {ordered.map((o) => (
        <Button
          key={o.id}
          variant={o.current ? 'filled' : 'default'}
          justify="space-between"
          fullWidth
          leftSection={<IconBuilding size={18} stroke={1.7} aria-hidden="true" />}
          rightSection={o.current ? <Badge variant="white" size="sm">{t('login.organization.lastUsed')}</Badge> : undefined}
          loading={opening === o.id}
          disabled={opening !== null && opening !== o.id}
          onClick={() => void open(o)}
          data-testid="organization-step-choice"
        >
          <bdi>{o.name}</bdi>
        </Button>
      ))}
    </Stack>
  );
}
