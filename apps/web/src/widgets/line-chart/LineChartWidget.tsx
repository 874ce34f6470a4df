import { useMemo } from 'react';
import { Alert, Center, Paper, Skeleton, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconAlertCircle, IconChartLine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EChart } from './EChart.tsx';
import type { EChartsCoreOption } from './echarts.ts';

export interface LineSeries {
  key: string;
  name: string;
  /** One value per category; null leaves a gap. */
  values: Array<number | null>;
}

export type WidgetStatus = 'loading' | 'empty' | 'error' | 'data';

export interface LineChartWidgetProps {
  title: string;
  status: WidgetStatus;
  /** Already translated; shown in the error state. */
  errorText?: string;
  categories: string[];
  series: LineSeries[];
  height?: number;
}

const COLORS = ['#1c7ed6', '#12b886', '#f76707', '#ae3ec9', '#fab005'];

/** The line-chart widget: loading skeleton, empty, error or the chart (spec 001 §4). */
export function LineChartWidget({ title, status, errorText, categories, series, height = 320 }: LineChartWidgetProps) {
  const { t, i18n } = useTranslation();
  // Right-to-left readers get the time axis mirrored, values on the right.
  const rtl = useDirection().dir === 'rtl';
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const points = series.reduce((n, s) => n + s.values.filter((v) => typeof v === 'number').length, 0);

  const option = useMemo<EChartsCoreOption>(
    () => ({
      color: COLORS,
      animationDuration: 400,
      grid: { left: 16, right: 24, top: 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? numbers.format(v) : '–') },
      xAxis: { type: 'category', data: categories, boundaryGap: false, inverse: rtl, axisTick: { alignWithLabel: true } },
      yAxis: {
        type: 'value',
        minInterval: 1,
        position: rtl ? 'right' : 'left',
        axisLabel: { formatter: (v: number) => numbers.format(v) },
      },
      series: series.map((s) => ({
        id: s.key,
        name: s.name,
        type: 'line',
        data: s.values,
        smooth: 0.25,
        showSymbol: s.values.length < 40,
        symbolSize: 6,
        areaStyle: { opacity: 0.08 },
      })),
    }),
    [categories, series, numbers, rtl],
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {status === 'loading' && (
        <Stack gap="xs" style={{ height }} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={height - 40} />
          <Skeleton height={20} width="60%" />
        </Stack>
      )}
      {status === 'empty' && (
        <Center style={{ height }}>
          <Stack align="center" gap="xs">
            <IconChartLine size={40} color="var(--mantine-color-gray-5)" aria-hidden="true" />
            <Text c="dimmed">{t('widgets.empty')}</Text>
          </Stack>
        </Center>
      )}
      {status === 'error' && (
        <Center style={{ height }}>
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorText ?? t('errors.common')}
          </Alert>
        </Center>
      )}
      {status === 'data' && (
        <EChart option={option} height={height} points={points} label={t('widgets.chartLabel', { title, points })} />
      )}
    </Paper>
  );
}
