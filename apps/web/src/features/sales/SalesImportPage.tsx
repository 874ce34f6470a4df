import { useQuery } from '@apollo/client';
import { Alert, Button, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { RecentSalesImports } from './components/RecentSalesImports.tsx';
import { SalesAdminPanel } from './components/SalesAdminPanel.tsx';
import { SalesErrorsModal } from './components/SalesErrorsModal.tsx';
import { SalesFileDrop } from './components/SalesFileDrop.tsx';
import { SalesFilePreview } from './components/SalesFilePreview.tsx';
import { SalesGuidelines } from './components/SalesGuidelines.tsx';
import { SALES_SETTINGS } from './graphql/sales.ts';
import { useSalesImport } from './hooks/useSalesImport.ts';

/** Import sales metrics (spec 002 §2): one file, checked in the browser, then uploaded and imported. */
export default function SalesImportPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const settings = useQuery(SALES_SETTINGS);
  const upload = useSalesImport();
  const busy = upload.state === 'uploading' || upload.state === 'checking';

  return (
    <>
      <PageHeader title={t('sales.import.title')} description={t('sales.import.description')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SalesFileDrop onFiles={(files) => void upload.select(files)} disabled={busy} />
            {upload.state === 'checking' && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{t('sales.import.picker.checking')}</Text>
              </Group>
            )}
            {upload.file && <SalesFilePreview file={upload.file} encoding={upload.encoding} onRemove={upload.remove} disabled={busy} />}
            {upload.error && (
              <Alert color="red" role="alert" data-testid="sales-import-error">
                {upload.error}
              </Alert>
            )}
            <Group>
              <Button leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => void upload.upload()} disabled={!upload.file || busy} loading={upload.state === 'uploading'}>
                {t('sales.import.upload')}
              </Button>
              {upload.state === 'uploading' && (
                <Text size="sm" role="status">
                  {t('sales.import.uploading')}
                </Text>
              )}
            </Group>
            {settings.data && <RecentSalesImports imports={settings.data.salesSettings.recentImports} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SalesGuidelines />
        </Grid.Col>
        {me.isAdmin && (
          <Grid.Col span={12}>
            {settings.data && <SalesAdminPanel settings={settings.data.salesSettings} />}
            {!settings.data && settings.error && <Alert color="red">{errorText(settings.error, t)}</Alert>}
          </Grid.Col>
        )}
      </Grid>
      <SalesErrorsModal list={upload.errorList} onClose={upload.closeErrors} />
    </>
  );
}
