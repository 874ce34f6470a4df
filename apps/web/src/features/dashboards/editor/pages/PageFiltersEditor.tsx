import { Group, MultiSelect, Select } from '@mantine/core';
import { type GlobalWidgetFilter, TIMESPAN_PRESETS } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { withDatePreset, withZones } from '../model/pageFilters.ts';

/** The filters a page shows first: its zones and its timespan preset (the filter bar starts on them). */
export function PageFiltersEditor({ filters, zones, onChange }: { filters: GlobalWidgetFilter[]; zones: { id: number; name: string }[]; onChange: (next: GlobalWidgetFilter[]) => void }) {
  const { t } = useTranslation();
  const zoneIds = filters.find((f) => f.type === 'zone')?.zoneIds ?? [];
  const preset = filters.find((f) => f.type === 'timespan')?.datePreset ?? null;
  return (
    <Group gap="md" align="flex-end" data-testid="editor-page-filters">
      <MultiSelect
        label={t('dashboardEditor.filters.zones')}
        placeholder={zoneIds.length ? undefined : t('dashboardEditor.filters.allZones')}
        data={zones.map((z) => ({ value: String(z.id), label: z.name }))}
        value={zoneIds.filter((id) => zones.some((z) => z.id === id)).map(String)}
        onChange={(v) => onChange(withZones(filters, v.map(Number)))}
        searchable
        clearable
        w={360}
      />
      <Select
        label={t('dashboardEditor.filters.timespan')}
        placeholder={t('dashboardEditor.filters.noPreset')}
        data={TIMESPAN_PRESETS.map((p) => ({ value: p, label: t(`filterBar.presets.${p}`) }))}
        value={preset}
        onChange={(v) => onChange(withDatePreset(filters, v))}
        clearable
        w={240}
      />
    </Group>
  );
}
