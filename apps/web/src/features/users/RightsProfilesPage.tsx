import { useState } from 'react';
import { useQuery } from '@apollo/client';
import { Button, Grid, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { RightsProfileEditor } from './components/RightsProfileEditor.tsx';
import { RIGHTS_PROFILES } from './graphql/managedUser.ts';

/** Settings > Rights profiles (administrators): the named profiles, and one's rights as switches. */
export default function RightsProfilesPage() {
  const { t } = useTranslation();
  const { data, loading } = useQuery(RIGHTS_PROFILES);
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  if (loading && !data) return <SectionLoader />;
  const profiles = data?.profiles ?? [];
  const current = selected === 'new' ? null : (profiles.find((p) => p.id === selected) ?? profiles[0] ?? null);
  const creating = selected === 'new' || profiles.length === 0;

  return (
    <>
      <PageHeader
        title={t('rightsProfiles.title')}
        description={t('rightsProfiles.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setSelected('new')} data-testid="rights-profile-new">
            {t('rightsProfiles.new')}
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs">
            <Stack gap={2} component="nav" aria-label={t('rightsProfiles.list')}>
              {profiles.map((p) => (
                <NavLink
                  key={p.id}
                  component="button"
                  type="button"
                  label={p.name}
                  active={!creating && current?.id === p.id}
                  aria-current={!creating && current?.id === p.id ? 'true' : undefined}
                  onClick={() => setSelected(p.id)}
                  data-testid="rights-profile-item"
                />
              ))}
              {profiles.length === 0 && (
                <Text size="sm" c="dimmed" p="xs">
                  {t('rightsProfiles.none')}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <RightsProfileEditor key={creating ? 'new' : current?.id} profile={creating ? null : current} onSaved={(id) => setSelected(id)} focusName={selected === 'new'} />
        </Grid.Col>
      </Grid>
    </>
  );
}
