import { ActionIcon, Button, Chip, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type OpeningHoursWindow, type WeeklyWindow, weeklyOfWindows, weekdayName } from '@sitelens/domain';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** What "Custom hours" starts from when the alert had no window of its own. */
const FIRST_WINDOW: WeeklyWindow = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };
const sameWindows = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

interface Props {
  schedule: OpeningHoursWindow[];
  weekly: WeeklyWindow[] | null;
  openingHours: OpeningHoursWindow[];
  timezone: string | null;
  onChange: (patch: { schedule?: OpeningHoursWindow[]; weekly: WeeklyWindow[] | null }) => void;
  errorOf: (field: string) => string | null;
}

/** When the alert is armed (spec 002 §3 planning): always, the site's opening hours, or custom weekly windows on the site's clock. */
export function ScheduleEditor({ schedule, weekly, openingHours, timezone, onChange, errorOf }: Props) {
  const { t, i18n } = useTranslation();
  const mode = weekly ? 'custom' : schedule.length === 0 ? 'always' : sameWindows(schedule, openingHours) ? 'openingHours' : 'custom';
  // A saved alert's own windows show as lines until edited; windows over several days stay as they are.
  const lines = weekly ?? (mode === 'custom' ? (weeklyOfWindows(schedule) ?? []) : []);
  const setLine = (i: number, patch: Partial<WeeklyWindow>) => onChange({ weekly: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(next) => {
          if (next === 'custom') onChange({ weekly: lines.length ? lines : [FIRST_WINDOW] });
          else onChange({ weekly: null, schedule: next === 'openingHours' ? openingHours : [] });
        }}
        data={[
          { value: 'always', label: t('alerts.form.scheduleAlways') },
          { value: 'openingHours', label: t('alerts.form.scheduleOpeningHours'), disabled: openingHours.length === 0 },
          { value: 'custom', label: t('alerts.form.scheduleCustom') },
        ]}
        aria-label={t('alerts.form.schedule')}
        data-testid="alert-schedule"
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'custom' && (
        <Stack gap="xs" data-testid="alert-schedule-windows">
          {timezone && (
            <Text size="sm" c="dimmed">
              {t('alerts.form.windowsClock', { timezone })}
            </Text>
          )}
          {lines.map((line, i) => {
            const problem = errorOf(`schedule.${i}`);
            const label = t('alerts.form.windowLabel', { n: i + 1 });
            return (
              <Paper key={i} withBorder p="sm" radius="sm" role="group" aria-label={label} data-invalid-group={problem ? true : undefined} data-testid="alert-schedule-window">
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <Chip.Group multiple value={line.days.map(String)} onChange={(days) => setLine(i, { days: days.map(Number).sort((a, b) => a - b) })}>
                    <Group gap={4} role="group" aria-label={t('alerts.form.windowDays')}>
                      {WEEKDAYS.map((d) => (
                        <Chip key={d} value={String(d)} size="xs" aria-label={weekdayName(d, i18n.language)}>
                          {weekdayName(d, i18n.language, 'short')}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  <TimeInput label={t('alerts.form.windowFrom')} value={line.from} onChange={(e) => setLine(i, { from: e.currentTarget.value })} dir="ltr" w={120} data-testid="alert-window-from" />
                  <TimeInput label={t('alerts.form.windowTo')} value={line.to} onChange={(e) => setLine(i, { to: e.currentTarget.value })} dir="ltr" w={120} data-testid="alert-window-to" />
                  <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onChange({ weekly: lines.filter((_, j) => j !== i) })} disabled={lines.length === 1} aria-label={t('alerts.form.windowRemove', { n: i + 1 })}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                {problem && (
                  <Text size="sm" c="red" mt={4} role="alert">
                    {t(`alerts.form.problem.${problem}`)}
                  </Text>
                )}
              </Paper>
            );
          })}
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => onChange({ weekly: [...lines, FIRST_WINDOW] })} style={{ alignSelf: 'flex-start' }} data-testid="alert-window-add">
            {t('alerts.form.windowAdd')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
