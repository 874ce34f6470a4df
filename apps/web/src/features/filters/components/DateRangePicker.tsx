import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { DateInput, DatePicker } from '@mantine/dates';
import { type CustomRangeInput, type CustomRangeIssue, type FilterContext, validateCustomRanges } from '@sitelens/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMAT, parseTypedDate } from '../filterDates.ts';
import { CalendarProvider } from '../../../shared/forms/CalendarProvider.tsx';
import { useCalendarLabels } from '../../../shared/forms/useCalendarLabels.ts';
import { useFocusAfterRemoval } from '../../../shared/layout/useFocusAfterRemoval.ts';

const FIELDS = ['dateBegin', 'dateEnd'] as const;

/**
 * Custom timespan (spec 001 §4-§5): several ranges, each with a from and a to date, typed or picked
 * on the calendar (week from Monday, dates from the site's creation to today, end never before
 * start). Missing dates show the empty-field message and block Apply; overlaps are refused.
 */
export function DateRangePicker({ initial, ctx, onApply }: { initial: CustomRangeInput[]; ctx: FilterContext; onApply: (ranges: CustomRangeInput[]) => void }) {
  const { t } = useTranslation();
  const [ranges, setRanges] = useState<CustomRangeInput[]>(initial.length ? initial : [{ dateBegin: null, dateEnd: null }]);
  const [active, setActive] = useState(0);
  const [tried, setTried] = useState(false);
  const issues = validateCustomRanges(ranges, ctx);
  const shown = issues.filter((i) => tried || i.error !== 'required');
  const issueOf = (index: number, field: CustomRangeIssue['field']) => shown.find((i) => i.index === index && i.field === field);
  const current = ranges[active] ?? ranges[0]!;

  const update = (index: number, patch: Partial<CustomRangeInput>) => setRanges((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  // A removed range takes its remove button with it: the keyboard goes to the first date of the
  // range now in its place (else the one before), which makes that range the active one.
  const focus = useFocusAfterRemoval(ranges.length, '[data-testid^="custom-range-"][data-testid$="-dateBegin"]');
  const remove = (index: number) => {
    focus.removing(index);
    setRanges((rs) => rs.filter((_, i) => i !== index));
    setActive(0);
  };
  const add = () => {
    setRanges((rs) => [...rs, { dateBegin: null, dateEnd: null }]);
    setActive(ranges.length);
  };
  const apply = () => {
    setTried(true);
    if (issues.length === 0) onApply(ranges);
  };

  const calendarLabels = useCalendarLabels();
  return (
    <CalendarProvider>
      <Group align="flex-start" gap="md" wrap="nowrap" data-testid="date-range-picker">
        <DatePicker
          type="range"
          allowSingleDateInRange
          hideOutsideDates
          minDate={ctx.minDate}
          maxDate={ctx.today}
          defaultDate={current.dateBegin ?? ctx.today}
          value={[current.dateBegin, current.dateEnd]}
          onChange={([begin, end]) => update(active, { dateBegin: begin, dateEnd: end })}
          ariaLabels={calendarLabels}
          aria-label={t('filterBar.timespan.calendar')}
        />
        <Stack ref={focus.root} gap="xs" style={{ flex: 1 }}>
          {ranges.map((range, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid={`custom-range-${index}`} onFocusCapture={() => setActive(index)}>
              {FIELDS.map((field) => {
                const issue = issueOf(index, field);
                return (
                  <DateInput
                    key={field}
                    size="xs"
                    w={130}
                    label={t(field === 'dateBegin' ? 'filterBar.timespan.from' : 'filterBar.timespan.to')}
                    placeholder={DATE_INPUT_FORMAT}
                    valueFormat={DATE_INPUT_FORMAT}
                    dateParser={parseTypedDate}
                    firstDayOfWeek={1}
                    // No minDate or maxDate here: the input would drop a typed date outside them and
                    // keep the old one; every typed date is kept and the rules say what is wrong with it.
                    value={range[field]}
                    onChange={(value) => update(index, { [field]: value })}
                    error={issue ? t(`filterBar.timespan.errors.${issue.error}`, { label: t('filterBar.timespan.from') }) : undefined}
                    data-testid={`custom-range-${index}-${field}`}
                    popoverProps={{ disabled: true }}
                  />
                );
              })}
              {ranges.length > 1 && (
                <ActionIcon mt={24} variant="subtle" color="red" aria-label={t('filterBar.timespan.removeRange', { n: index + 1 })} onClick={() => remove(index)}>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              )}
            </Group>
          ))}
          {issueOf(-1, 'timespan') && (
            <Text size="xs" c="red">
              {t('filterBar.timespan.errors.empty')}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={add}>
              {t('filterBar.timespan.addRange')}
            </Button>
            <Button size="xs" onClick={apply} aria-disabled={tried && issues.length > 0} data-testid="custom-range-apply">
              {t('filterBar.timespan.applyCustom')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </CalendarProvider>
  );
}
