import { useId } from 'react';
import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFunnelMoney, formatFunnelNumber, formatFunnelRate, salesFunnelTableRows } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { FunnelFigures } from '../graphql/salesFunnel.ts';
import classes from './FunnelTable.module.css';

const COLUMNS = ['pedestrians', 'entered', 'purchased', 'conversionRate', 'captureRate', 'salesIndex', 'basketSize', 'basketPrice', 'turnover'] as const;

/** One row per shop (shop name, pedestrians … turnover) and, when the rule says so, the total; the no-results text when no shop has a figure. */
export function FunnelTable({ rows: figures, total, currency, shops }: { rows: FunnelFigures[]; total: FunnelFigures | null; currency: string; shops: Map<number, { name: string; site: string }> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = salesFunnelTableRows(figures);
  const captionId = useId();
  const cells = (f: FunnelFigures) => [
    formatFunnelNumber(f.pedestrian, lang),
    formatFunnelNumber(f.affluenceIn, lang),
    formatFunnelNumber(f.numberOfOrders, lang),
    formatFunnelRate(f.conversionRate, lang),
    formatFunnelRate(f.captureRate, lang),
    formatFunnelMoney(f.salesIndex, lang, currency),
    formatFunnelNumber(f.avgBasketSize, lang, 1),
    formatFunnelMoney(f.avgBasketPrice, lang, currency),
    formatFunnelMoney(f.turnover, lang, currency),
  ];
  return (
    <Paper withBorder radius="md">
      {/* Ten columns, with cell padding tight enough for the English table to fit the 1200 px layout that
          1024 px screens are scaled from. Where it cannot fit (long single words in German), its frame
          scrolls with the scrollbar below the rows, reachable by keyboard, and the shop column stays in
          view; the currency note stays outside, under it. */}
      <Table.ScrollContainer minWidth={0} scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0 } }}>
        <Table fz="sm" verticalSpacing="xs" horizontalSpacing="xs" striped highlightOnHover aria-describedby={captionId} data-testid="funnel-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.shop}>
                {t('sales.funnel.table.shop')}
              </Table.Th>
              {COLUMNS.map((c) => (
                <Table.Th key={c} scope="col" ta="end">
                  {t(`sales.funnel.table.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length + 1}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('sales.funnel.table.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.siteId ?? 'total'}>
                <Table.Th scope="row" dir="auto" miw={150} className={classes.shop}>
                  <Text size="sm" fw={600}>
                    {shops.get(row.siteId ?? -1)?.name ?? row.siteName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {shops.get(row.siteId ?? -1)?.site}
                  </Text>
                </Table.Th>
                {cells(row).map((text, i) => (
                  <Table.Td key={COLUMNS[i]} ta="end">
                    <LtrValue>{text}</LtrValue>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {total && rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr fw={700} data-testid="funnel-total">
                <Table.Th scope="row" className={classes.shop}>
                  {t('sales.funnel.table.total')}
                </Table.Th>
                {cells(total).map((text, i) => (
                  <Table.Td key={COLUMNS[i]} ta="end">
                    <LtrValue>{text}</LtrValue>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      <Text id={captionId} size="sm" c="dimmed" ta="center" px="sm" pb="xs" data-testid="funnel-table-caption">
        {t('sales.funnel.table.caption', { currency })}
      </Text>
    </Paper>
  );
}
