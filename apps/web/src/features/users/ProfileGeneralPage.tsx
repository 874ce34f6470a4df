import { Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Read-only for now: editing the name arrives with the profile issue. */
export default function ProfileGeneralPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  return (
    <>
      <PageHeader title={t('profile.general.title')} />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput label={t('profile.general.firstName')} value={me.firstName} readOnly dir="auto" />
            <TextInput label={t('profile.general.lastName')} value={me.lastName} readOnly dir="auto" />
          </SimpleGrid>
          <TextInput label={t('profile.general.email')} value={me.email} readOnly dir="ltr" />
          <TextInput
            label={t('profile.general.memberSince')}
            value={formatDate(Date.parse(me.createdAt), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone) })}
            readOnly
          />
        </Stack>
      </Paper>
    </>
  );
}
