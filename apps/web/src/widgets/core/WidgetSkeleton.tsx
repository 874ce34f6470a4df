import { Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SkeletonKind = 'chart' | 'grid' | 'table' | 'kpi';

/** Loading placeholders sized as spec 001 §9: 8 by 6 bars, 5 by 6 for grids, 6 table rows, 4 KPI cards. */
export function WidgetSkeleton({ kind, height }: { kind: SkeletonKind; height: number }) {
  const { t } = useTranslation();
  const label = { 'aria-busy': true, 'aria-label': t('common.loading'), role: 'status' } as const;
  if (kind === 'kpi') {
    return (
      <Group grow gap="sm" {...label}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Group>
    );
  }
  if (kind === 'table') {
    return (
      <Stack gap={8} {...label}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  const columns = kind === 'grid' ? 5 : 8;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" style={{ height }} {...label}>
      {Array.from({ length: columns }, (_, c) => (
        <Stack key={c} gap={4} style={{ flex: 1 }}>
          {Array.from({ length: 6 }, (_, r) => (
            <Skeleton key={r} height={Math.max(8, (height - 40) / 6 - 4)} />
          ))}
        </Stack>
      ))}
    </Group>
  );
}
