import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFunnelNumber, formatFunnelRate } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { FunnelFigures } from '../graphql/salesFunnel.ts';
import classes from './FunnelSteps.module.css';

/**
 * The funnel's three steps (pedestrians, entered, purchased) as bars whose widths follow the
 * figures, each with the rate that leads to it: capture rate, then conversion rate. With none of
 * the three counts (a month without sales: the table's no-results case) it draws no bar, only its
 * no-results text; bars of '-' looked like data.
 */
export function FunnelSteps({ figures }: { figures: FunnelFigures | null }) {
  const { t, i18n } = useTranslation();
  const steps = [
    { key: 'pedestrians', value: figures?.pedestrian ?? null, rate: null },
    { key: 'entered', value: figures?.affluenceIn ?? null, rate: { label: 'captureRate', value: figures?.captureRate ?? null } },
    { key: 'purchased', value: figures?.numberOfOrders ?? null, rate: { label: 'conversionRate', value: figures?.conversionRate ?? null } },
  ] as const;
  const widest = Math.max(1, ...steps.map((s) => s.value ?? 0));
  return (
    <Paper withBorder radius="md" p="lg" mb="lg" component="figure" aria-label={t('sales.funnel.chart.label')} className={classes.figure}>
      {steps.every((s) => s.value === null) ? (
        <Text c="dimmed" ta="center" py="md" data-testid="funnel-steps-empty">
          {t('sales.funnel.chart.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="funnel-steps">
          {steps.map((step) => (
            <div key={step.key}>
              {step.rate && (
                <Text size="xs" c="dimmed" ta="center" mb={2}>
                  {t(`sales.funnel.table.${step.rate.label}`)} <LtrValue>{formatFunnelRate(step.rate.value, i18n.language)}</LtrValue>
                </Text>
              )}
              <Group gap="md" wrap="nowrap">
                <Text size="sm" fw={600} w={110}>
                  {t(`sales.funnel.steps.${step.key}`)}
                </Text>
                <Box className={classes.track}>
                  <Box className={`${classes.bar} ${classes[step.key]}`} style={{ width: `${Math.max(2, ((step.value ?? 0) / widest) * 100)}%` }} />
                </Box>
                <Text size="sm" fw={700} w={90} ta="end" data-testid={`funnel-step-${step.key}`}>
                  {formatFunnelNumber(step.value, i18n.language)}
                </Text>
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
