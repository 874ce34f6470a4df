import { type RefObject, useEffect, useRef } from 'react';
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
import { focusIsLost } from '../../shared/layout/focusWhenLost.ts';
import { type ImportState, useSalesImport } from './hooks/useSalesImport.ts';

/**
 * Where the keyboard goes on when the control it was on went away or was disabled (the file's remove
 * control, the picker while checking, the upload button while uploading): to the upload button when a
 * file waits, else to the picker. The errors modal, when it opens, keeps the focus itself.
 */
function useFocusAfter(state: ImportState, modalOpen: boolean, to: { drop: RefObject<HTMLButtonElement | null>; upload: RefObject<HTMLButtonElement | null> }) {
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (was === state || modalOpen || !focusIsLost()) return;
    if (state === 'chosen') to.upload.current?.focus();
    else if (state === 'empty') to.drop.current?.focus();
  }, [state, modalOpen, to.drop, to.upload]);
}

/** Import sales metrics (spec 002 §2): one file, checked in the browser, then uploaded and imported. */
export default function SalesImportPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const settings = useQuery(SALES_SETTINGS);
  const upload = useSalesImport();
  const busy = upload.state === 'uploading' || upload.state === 'checking';
  const dropButton = useRef<HTMLButtonElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  useFocusAfter(upload.state, upload.errorList !== null, { drop: dropButton, upload: uploadButton });

  return (
    <>
      <PageHeader title={t('sales.import.title')} description={t('sales.import.description')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SalesFileDrop onFiles={(files) => void upload.select(files)} disabled={busy} buttonRef={dropButton} />
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
              <Button ref={uploadButton} leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => void upload.upload()} disabled={!upload.file || busy} loading={upload.state === 'uploading'}>
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
