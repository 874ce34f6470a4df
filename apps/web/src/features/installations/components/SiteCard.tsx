import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { useCountryName } from '../hooks/useCountryName.ts';
import { FAMILY_ROUTES, useFamilyLabels } from '../hooks/useFamilyLabels.ts';
import { SiteFigures } from './SiteFigures.tsx';
import { joinList } from '../../../shared/i18n/joinList.ts';

export function SiteCard({ installation }: { installation: InstallationSummary }) {
  const { t } = useTranslation();
  const familyLabel = useFamilyLabels();
  const countryName = useCountryName();
  const place = joinList(t, [installation.city, countryName(installation.country)]);
  const pages = installation.families.filter((f) => FAMILY_ROUTES[f]);
  const main = pages[0];

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`site-${installation.id}`}>
      <Stack gap="sm" h="100%">
        <Text fw={700} size="lg" id={`site-${installation.id}`} lineClamp={2}>
          {main ? (
            <Anchor component={Link} to={`${FAMILY_ROUTES[main]}/${installation.id}`} c="dark.7" inherit>
              {installation.name}
            </Anchor>
          ) : (
            installation.name
          )}
        </Text>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconMapPin size={16} aria-hidden="true" />
          <Text size="sm">{place || t('installations.noLocation')}</Text>
        </Group>
        <Group gap={6}>
          {installation.families.map((family) => (
            <Badge key={family} variant="light" color={family === 'counting' ? 'blue' : family === 'atmosphere' ? 'teal' : family === 'energy' ? 'orange' : 'grape'}>
              {familyLabel(family)}
            </Badge>
          ))}
        </Group>
        <SiteFigures installation={installation} />
        {pages.length > 0 && (
          <Group gap="xs" mt="auto" pt="xs">
            {pages.map((family) => (
              <Button
                key={family}
                component={Link}
                to={`${FAMILY_ROUTES[family]}/${installation.id}`}
                variant="subtle"
                size="compact-sm"
                rightSection={<IconArrowRight size={14} className="sl-flip-rtl" aria-hidden="true" />}
                aria-label={t('installations.openFamily', { family: familyLabel(family), site: installation.name })}
              >
                {familyLabel(family)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
