import { type KeyboardEvent, useRef, useState } from 'react';
import { Box, Button, Divider, Group, NavLink, Popover, Stack } from '@mantine/core';
import { applyCustomRanges, choosePreset, CUSTOM_TIMESPAN, type FilterContext, type FilterState, TIMESPAN_PRESETS, timespanPreset } from '@sitelens/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../filterDates.ts';
import { DateRangePicker } from './DateRangePicker.tsx';
import { joinList } from '../../../shared/i18n/joinList.ts';

/** Spec 001 §9: the date picker's minimum width and maximum height. */
export const DATE_PICKER_MIN_WIDTH = 730;
export const DATE_PICKER_MAX_HEIGHT = 498;

/** Up and down (Home, End) move between the quick choices, as Tab and Shift+Tab do. */
function moveBetweenChoices(event: KeyboardEvent<HTMLElement>) {
  const choices = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = choices.indexOf(document.activeElement as HTMLButtonElement);
  const next = at < 0 ? undefined : { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: choices.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  choices[(next + choices.length) % choices.length]!.focus();
}

/** The timespan dropdown: the presets (both lists of the spec, merged) and the custom ranges. */
export function TimespanControl({ draft, ctx, onChange }: { draft: FilterState; ctx: FilterContext; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  const customRef = useRef<HTMLDivElement>(null);
  // A choice closes the dropdown and gives the keyboard back to its button (Escape does so already;
  // an outside click must not, or it would take focus from what was clicked).
  const choose = (next: FilterState) => {
    onChange(next);
    setOpened(false);
    targetRef.current?.focus();
  };
  const own = draft.timespans.filter((c) => c.eventId == null);
  const preset = own.length === 1 ? timespanPreset(own[0]!.label) : null;
  const custom = own.filter((c) => !timespanPreset(c.label));
  const summary = preset
    ? t(`filterBar.presets.${preset}`)
    : joinList(t, custom.map((c) => (c.dateBegin === c.dateEnd ? formatIsoDate(c.dateBegin) : `${formatIsoDate(c.dateBegin)} – ${formatIsoDate(c.dateEnd)}`))) ||
      t('filterBar.timespan.events');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button ref={targetRef} variant="default" leftSection={<IconCalendar size={16} aria-hidden="true" />} onClick={() => setOpened((o) => !o)} data-testid="timespan-control" data-tutorial="dates">
          {t('filterBar.labelled', { label: t('filterBar.timespan.label'), value: summary })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={DATE_PICKER_MIN_WIDTH} mah={DATE_PICKER_MAX_HEIGHT} p="sm" style={{ overflowY: 'auto' }} data-testid="timespan-dropdown">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {/* Buttons, so Tab reaches each quick choice (links without an address were skipped); the chosen one is the current one. */}
          <Stack gap={0} w={160} role="group" aria-label={t('filterBar.timespan.presets')} onKeyDown={moveBetweenChoices}>
            {TIMESPAN_PRESETS.map((p) => (
              <NavLink
                key={p}
                component="button"
                type="button"
                aria-current={preset === p ? 'true' : undefined}
                active={preset === p}
                label={t(`filterBar.presets.${p}`)}
                onClick={() => choose(choosePreset(draft, p, ctx))}
              />
            ))}
            {/* Custom is chosen with the dates beside it: this takes the keyboard to the first one. */}
            <NavLink
              component="button"
              type="button"
              aria-current={preset ? undefined : 'true'}
              active={!preset}
              label={t(`filterBar.presets.${CUSTOM_TIMESPAN}`)}
              onClick={() => customRef.current?.querySelector('input')?.focus()}
            />
          </Stack>
          <Divider orientation="vertical" />
          <Box ref={customRef}>
            <DateRangePicker
              initial={custom.map((c) => ({ dateBegin: c.dateBegin, dateEnd: c.dateEnd }))}
              ctx={ctx}
              onApply={(ranges) => choose(applyCustomRanges(draft, ranges, ctx))}
            />
          </Box>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
