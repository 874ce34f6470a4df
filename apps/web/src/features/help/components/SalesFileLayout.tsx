import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';

/** The six columns of the sales file (spec 002 §2), A to F. */
export const SALES_FILE_COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export function SalesFileLayout() {
  const { t } = useTranslation();
  return (
    <Table withTableBorder withColumnBorders striped captionSide="top" data-testid="sales-file-layout">
      <Table.Caption>{t('help.salesLayout.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('help.salesLayout.column')}</Table.Th>
          <Table.Th scope="col">{t('help.salesLayout.content')}</Table.Th>
          <Table.Th scope="col">{t('help.salesLayout.example')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SALES_FILE_COLUMNS.map((column) => (
          <Table.Tr key={column}>
            <Table.Th scope="row">{column}</Table.Th>
            <Table.Td>{t(`help.salesLayout.columns.${column}.name`)}</Table.Td>
            <Table.Td>
              <LtrValue>
                <code>{t(`help.salesLayout.columns.${column}.example`)}</code>
              </LtrValue>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
