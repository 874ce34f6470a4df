import { ActionIcon, Button, Group, Select } from '@mantine/core';
import { addDayItem, type DayOperator, type FilterState, removeDayItem, setDayItem, setDayOperator, WEEKDAYS, weekdayName } from '@sitelens/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterRemoval } from '../../../shared/layout/useFocusAfterRemoval.ts';

/** Spec 001 §9: the day operator's width. */
export const DAY_OPERATOR_WIDTH = 168;

/** Day filter (spec 001 §4): one operator for every item (IS: OR, IS NOT: AND), one item per weekday. */
export function DayFilterControl({ draft, onChange }: { draft: FilterState; onChange: (next: FilterState) => void }) {
  const { t, i18n } = useTranslation();
  const day = draft.day;
  // A removed day takes its remove button with it: the keyboard goes to the remove button now in
  // its place (else the one before), or to "Add a day" when no day is left.
  const focus = useFocusAfterRemoval(day?.days.length ?? 0, 'button[data-remove-day]', (root) => root?.querySelector<HTMLElement>('[data-testid="day-add"]'));
  const remove = (index: number) => {
    if (!day) return;
    focus.removing(index);
    onChange({ ...draft, day: removeDayItem(day, index) });
  };
  const operators = [
    { value: 'IS', label: t('filterBar.day.is') },
    { value: 'IS_NOT', label: t('filterBar.day.isNot') },
  ];
  return (
    <Group ref={focus.root} gap="xs" role="group" aria-label={t('filterBar.day.label')} data-testid="day-filter" data-tutorial="days">
      {day && (
        <Select
          w={DAY_OPERATOR_WIDTH}
          size="sm"
          aria-label={t('filterBar.day.operator')}
          data={operators}
          value={day.operator}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...draft, day: setDayOperator(day, v as DayOperator) })}
          data-testid="day-operator"
        />
      )}
      {day?.days.map((weekday, index) => (
        <Group key={weekday} gap={2} wrap="nowrap">
          <Select
            w={130}
            size="sm"
            aria-label={t('filterBar.day.item', { n: index + 1 })}
            data={WEEKDAYS.map((d) => ({ value: String(d), label: weekdayName(d, i18n.language), disabled: d !== weekday && day.days.includes(d) }))}
            value={String(weekday)}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...draft, day: setDayItem(day, index, Number(v)) })}
            data-testid={`day-item-${index}`}
          />
          <ActionIcon variant="subtle" aria-label={t('filterBar.day.removeItem', { day: weekdayName(weekday, i18n.language) })} onClick={() => remove(index)} data-remove-day>
            <IconX size={14} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {(day?.days.length ?? 0) < WEEKDAYS.length && (
        <Button variant="light" size="sm" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => onChange({ ...draft, day: addDayItem(day) })} data-testid="day-add">
          {t('filterBar.day.add')}
        </Button>
      )}
    </Group>
  );
}
