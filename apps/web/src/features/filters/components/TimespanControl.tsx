import { useState } from 'react';
import { Button, Divider, Group, NavLink, Popover, Stack } from '@mantine/core';
import { applyCustomRanges, choosePreset, CUSTOM_TIMESPAN, type FilterContext, type FilterState, TIMESPAN_PRESETS, timespanPreset } from '@sitelens/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../filterDates.ts';
import { DateRangePicker } from './DateRangePicker.tsx';

/** Spec 001 §9: the date picker's minimum width and maximum height. */
export const DATE_PICKER_MIN_WIDTH = 730;
export const DATE_PICKER_MAX_HEIGHT = 498;

/** The timespan dropdown: the presets (both lists of the spec, merged) and the custom ranges. */
export function TimespanControl({ draft, ctx, onChange }: { draft: FilterState; ctx: FilterContext; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const own = draft.timespans.filter((c) => c.eventId == null);
  const preset = own.length === 1 ? timespanPreset(own[0]!.label) : null;
  const custom = own.filter((c) => !timespanPreset(c.label));
  const summary = preset
    ? t(`filterBar.presets.${preset}`)
    : custom.map((c) => (c.dateBegin === c.dateEnd ? formatIsoDate(c.dateBegin) : `${formatIsoDate(c.dateBegin)} – ${formatIsoDate(c.dateEnd)}`)).join(', ') ||
      t('filterBar.timespan.events');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconCalendar size={16} aria-hidden="true" />} onClick={() => setOpened((o) => !o)} data-testid="timespan-control" data-tutorial="dates">
          {t('filterBar.timespan.label')}: {summary}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={DATE_PICKER_MIN_WIDTH} mah={DATE_PICKER_MAX_HEIGHT} p="sm" style={{ overflowY: 'auto' }} data-testid="timespan-dropdown">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={0} w={160} role="listbox" aria-label={t('filterBar.timespan.presets')}>
            {TIMESPAN_PRESETS.map((p) => (
              <NavLink
                key={p}
                role="option"
                aria-selected={preset === p}
                active={preset === p}
                label={t(`filterBar.presets.${p}`)}
                onClick={() => {
                  onChange(choosePreset(draft, p, ctx));
                  setOpened(false);
                }}
              />
            ))}
            <NavLink role="option" aria-selected={!preset} active={!preset} label={t(`filterBar.presets.${CUSTOM_TIMESPAN}`)} />
          </Stack>
          <Divider orientation="vertical" />
          <DateRangePicker
            initial={custom.map((c) => ({ dateBegin: c.dateBegin, dateEnd: c.dateEnd }))}
            ctx={ctx}
            onApply={(ranges) => {
              onChange(applyCustomRanges(draft, ranges, ctx));
              setOpened(false);
            }}
          />
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
