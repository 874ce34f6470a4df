import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_DATE_FORMAT, formatBytes, formatDate } from '@sitelens/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { exportPeriodText } from './components/exportLabels.ts';
import { EXPORT_LINK, REVOKE_EXPORT_LINK } from './graphql/exports.ts';

/**
 * The page an export e-mail's button opens (/export-download?token=…), with no sign-in: what the
 * link holds, its download, and revoking it. Opening it changes nothing (a mail scanner may open
 * every link); the file comes from /api/exports/<token>, checked again at the download.
 */
export default function ExportDownloadPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, loading, error, refetch } = useQuery(EXPORT_LINK, { variables: { token }, skip: !token, fetchPolicy: 'network-only' });
  const [revoke, revoking] = useMutation(REVOKE_EXPORT_LINK);
  const [confirming, setConfirming] = useState(false);
  const link = data?.exportLink;
  const state = !token ? 'UNAVAILABLE' : link?.state;
  const file = link?.file;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const confirmRevoke = async () => {
    await revoke({ variables: { token } }).catch(() => undefined);
    setConfirming(false);
    await refetch();
  };
  return (
    <Stack>
      <PageHeader title={t('exports.download.title')} />
      {loading && !link && <Loader aria-label={t('exports.download.title')} />}
      {error && !link && <Alert color="red">{t('errors.common')}</Alert>}
      {state === 'AVAILABLE' && file && (
        <Paper withBorder radius="md" p="lg" data-testid="export-download">
          <Stack gap="md">
            <Table variant="vertical" layout="fixed" withTableBorder={false}>
              <Table.Tbody>
                {file.siteName && (
                  <Table.Tr>
                    <Table.Th w={200}>{t('exports.download.site')}</Table.Th>
                    <Table.Td>{file.siteName}</Table.Td>
                  </Table.Tr>
                )}
                {file.from && (
                  <Table.Tr>
                    <Table.Th w={200}>{t('exports.download.period')}</Table.Th>
                    <Table.Td data-testid="export-download-period">
                      <bdi>{exportPeriodText(t, file, DEFAULT_DATE_FORMAT)}</bdi>
                    </Table.Td>
                  </Table.Tr>
                )}
                <Table.Tr>
                  <Table.Th w={200}>{t('exports.download.file')}</Table.Th>
                  <Table.Td>
                    <bdi>{file.fileName}</bdi>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th w={200}>{t('exports.download.size')}</Table.Th>
                  <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                    {formatBytes(file.bytes)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th w={200}>{t('exports.download.expires')}</Table.Th>
                  <Table.Td>
                    <bdi>{formatDate(Date.parse(file.expiresAt), { format: DEFAULT_DATE_FORMAT, tz: browserZone, withTime: true })}</bdi>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed">
              {t('exports.download.personal')}
            </Text>
            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)} data-testid="export-download-revoke">
                {t('exports.download.revoke')}
              </Button>
              <Button component="a" href={`/api/exports/${encodeURIComponent(token)}`} download={file.fileName} data-testid="export-download-file">
                {t('exports.download.download')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {state === 'REVOKED' && (
        <Alert color="gray" data-testid="export-download-revoked">
          {t('exports.download.revoked')}
        </Alert>
      )}
      {state === 'UNAVAILABLE' && (
        <Alert color="red" data-testid="export-download-unavailable">
          {t('exports.download.unavailable')}
        </Alert>
      )}
      <Anchor component={Link} to="/">
        {t('exports.download.home')}
      </Anchor>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('exports.download.revoke')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text size="sm">{t('exports.download.revokeQuestion')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('exports.download.keep')}
          </Button>
          <Button color="red" loading={revoking.loading} onClick={() => void confirmRevoke()} data-testid="export-download-revoke-confirm">
            {t('exports.download.confirmRevoke')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
