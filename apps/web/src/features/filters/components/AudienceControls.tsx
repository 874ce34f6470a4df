import { Group, Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { ENGAGEMENTS, type FilterContext, type FilterState, GENDERS, HOUR_PRESETS, type HourPreset, pageAudience, selectCategoryTag } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

const NONE = 'none';

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" component="span">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Hour presets, then gender, engagement and one select per tag category (All = the category's root) where the page's metrics use them. */
export function AudienceControls({ draft, ctx, onChange }: { draft: FilterState; ctx: FilterContext; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation();
  const audience = pageAudience(ctx.pageKind);
  return (
    <Group gap="md" align="flex-end">
      <Labelled label={t('filterBar.hours.label')}>
        <SegmentedControl
          size="xs"
          aria-label={t('filterBar.hours.label')}
          data={[NONE, ...Object.keys(HOUR_PRESETS)].map((h) => ({ value: h, label: t(`filterBar.hours.${h}`) }))}
          value={draft.hours ?? NONE}
          onChange={(v) => onChange({ ...draft, hours: v === NONE ? null : (v as HourPreset) })}
          data-testid="hours-control"
        />
      </Labelled>
      {audience.gender && (
        <Labelled label={t('filterBar.gender.label')}>
          <SegmentedControl
            size="xs"
            aria-label={t('filterBar.gender.label')}
            data={GENDERS.map((g) => ({ value: g, label: t(`filterBar.gender.${g}`) }))}
            value={draft.gender}
            onChange={(v) => onChange({ ...draft, gender: v as FilterState['gender'] })}
            data-testid="gender-control"
          />
        </Labelled>
      )}
      {audience.engagement && (
        <Labelled label={t('filterBar.engagement.label')}>
          <SegmentedControl
            size="xs"
            aria-label={t('filterBar.engagement.label')}
            data={ENGAGEMENTS.map((e) => ({ value: e, label: t(`filterBar.engagement.${e}`) }))}
            value={draft.engagement}
            onChange={(v) => onChange({ ...draft, engagement: v as FilterState['engagement'] })}
            data-testid="engagement-control"
          />
        </Labelled>
      )}
      {ctx.categories.map((category) => (
        <Select
          key={category.id}
          size="xs"
          w={180}
          label={category.name}
          data={[{ value: NONE, label: t('filterBar.category.all') }, ...category.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))]}
          value={draft.categories[category.id] != null ? String(draft.categories[category.id]) : NONE}
          allowDeselect={false}
          onChange={(v) => onChange(selectCategoryTag(draft, category.id, v && v !== NONE ? Number(v) : null, ctx))}
        />
      ))}
    </Group>
  );
}
