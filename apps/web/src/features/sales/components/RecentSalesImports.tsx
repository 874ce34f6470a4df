import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import type { SalesSettings } from '../graphql/sales.ts';

/** The latest imports with their original files (served to the organization only). */
export function RecentSalesImports({ imports }: { imports: SalesSettings['recentImports'] }) {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sales-recent-title">
      <Title order={2} size="h4" mb="sm" id="sales-recent-title">
        {t('sales.import.recent.title')}
      </Title>
      {imports.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sales.import.recent.empty')}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sales.import.recent.file')}</Table.Th>
              <Table.Th>{t('sales.import.recent.when')}</Table.Th>
              <Table.Th>{t('sales.import.recent.encoding')}</Table.Th>
              <Table.Th ta="end">{t('sales.import.recent.imported')}</Table.Th>
              <Table.Th ta="end">{t('sales.import.recent.refused')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {imports.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>
                  <Anchor href={i.fileUrl} download={i.fileName} dir="auto">
                    {i.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(Date.parse(i.createdAt), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true })}</Table.Td>
                <Table.Td>{i.encoding ? t(`sales.import.encodings.${i.encoding}`) : '–'}</Table.Td>
                <Table.Td ta="end">{count.format(i.rowsImported)}</Table.Td>
                <Table.Td ta="end">{count.format(i.rowsRefused)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
