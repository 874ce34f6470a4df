import { MultiSelect, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { widgetEditorFields } from '@sitelens/domain';
import type { SiteTargets } from '../useSiteTargets.ts';
import type { SectionProps } from './sectionProps.ts';

const FIELDS = { zone: 'zoneIds', passage: 'passageIds', device: 'deviceIds' } as const;
const LISTS = { zone: 'zones', passage: 'passages', device: 'devices' } as const;

/** The zones (and passages or devices, where the type reads them) the widget shows; none: the page's zone. */
export function TargetsSection({ widget, onChange, targets }: SectionProps & { targets: SiteTargets }) {
  const { t } = useTranslation();
  const kinds = widgetEditorFields(widget.type).targets.filter((k) => k === 'zone' || targets[LISTS[k]].length > 0);
  return (
    <Stack gap="xs">
      {kinds.map((kind) => {
        const field = FIELDS[kind];
        return (
          <MultiSelect
            key={kind}
            label={t(`widgetPanel.fields.${LISTS[kind]}`)}
            data={targets[LISTS[kind]]}
            value={widget[field].map(String)}
            onChange={(values) => onChange({ ...widget, [field]: values.map(Number) })}
            searchable
            clearable
            disabled={targets.loading}
            nothingFoundMessage={t('widgetPanel.fields.noneFound')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      })}
      {kinds.length > 0 && (
        <Switch
          label={t('widgetPanel.fields.ownTargets')}
          checked={widget.category === 'specific'}
          onChange={(e) => onChange({ ...widget, category: e.currentTarget.checked ? 'specific' : 'global' })}
        />
      )}
    </Stack>
  );
}
