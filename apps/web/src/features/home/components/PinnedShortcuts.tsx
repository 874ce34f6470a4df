import { useQuery } from '@apollo/client';
import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { parseAppPath, formatAppPath } from '@sitelens/domain';
import { IconPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PINS } from '../graphql/home.ts';

/** The user's pinned pages (bookmarks), in their order, as shortcuts. */
export function PinnedShortcuts() {
  const { t } = useTranslation();
  const { data, loading } = useQuery(HOME_PINS);
  const pins = (data?.pins ?? []).flatMap((pin) => {
    const path = parseAppPath(pin.url);
    return path ? [{ ...pin, to: formatAppPath(path) }] : [];
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-pins-title" data-testid="home-pins">
      <Title order={2} size="h4" id="home-pins-title" mb="sm">
        {t('home.pins.title')}
      </Title>
      {loading && !data ? (
        <Skeleton height={40} />
      ) : pins.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('home.pins.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {pins.map((pin) => (
            <li key={pin.id}>
              <Anchor component={Link} to={pin.to} size="sm" data-testid="home-pin">
                <IconPin size={14} aria-hidden="true" style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
                {pin.title}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
