import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { formatBytes, formatDate, languageDateFormat } from '@sitelens/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { RevokeLinksModal } from './components/RevokeLinksModal.tsx';
import { exportPeriodText } from './components/exportLabels.ts';
import { EXPORT_LINK, REVOKE_EXPORT_LINK } from './graphql/exports.ts';

/**
 * One line of the file's card: what it is, then its value. A value that reads left to right in
 * every language (a size) is isolated as such inside the cell, so the cell keeps the page's
 * alignment (right in Arabic, like the other values).
 */
function FileRow({ label, ltr = false, testId, children }: { label: string; ltr?: boolean; testId?: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={200}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{ltr ? <bdi dir="ltr">{children}</bdi> : children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The page an export e-mail's button opens (/export-download?token=…), with no sign-in: what the
 * link holds, its download, and revoking it. Opening it changes nothing (a mail scanner may open
 * every link); the file comes from /api/exports/<token>, checked again at the download.
 */
export default function ExportDownloadPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  // No session here: dates as the export mail writes them, in the page's language.
  const dateFormat = languageDateFormat(i18n.language);
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
                {file.siteName && <FileRow label={t('exports.download.site')}>{file.siteName}</FileRow>}
                {file.from && (
                  <FileRow label={t('exports.download.period')} testId="export-download-period">
                    <bdi>{exportPeriodText(t, file, dateFormat)}</bdi>
                  </FileRow>
                )}
                <FileRow label={t('exports.download.file')}>
                  <bdi>{file.fileName}</bdi>
                </FileRow>
                <FileRow label={t('exports.download.size')} ltr testId="export-download-size">
                  {formatBytes(file.bytes)}
                </FileRow>
                <FileRow label={t('exports.download.expires')}>
                  <bdi>{formatDate(Date.parse(file.expiresAt), { format: dateFormat, tz: browserZone, withTime: true })}</bdi>
                </FileRow>
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
      <RevokeLinksModal opened={confirming} busy={revoking.loading} onConfirm={() => void confirmRevoke()} onClose={() => setConfirming(false)} testId="export-download-revoke-confirm" />
    </Stack>
  );
}
