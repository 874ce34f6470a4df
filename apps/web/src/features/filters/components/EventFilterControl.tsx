import { useState } from 'react';
import { Button, Checkbox, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { deselectEvent, eventRange, type FilterContext, type FilterState, searchEvents, selectEvent } from '@sitelens/domain';
import { IconCalendarEvent, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SELECT_MAX_HEIGHT } from './ZoneFilterControl.tsx';

/** Spec 001 §9: the events dropdown's minimum width. */
export const EVENTS_DROPDOWN_MIN_WIDTH = 515;

/** Events (spec 001 §4-§5): selecting one adds its range to the timespan; search ignores case and accents. */
export function EventFilterControl({ draft, ctx, onChange }: { draft: FilterState; ctx: FilterContext; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  if (ctx.events.length === 0) return null;
  const found = searchEvents(ctx.events, query);
  return (
    <Popover position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconCalendarEvent size={16} aria-hidden="true" />} data-testid="events-control">
          {t('filterBar.events.label')}
          {draft.eventIds.length ? ` (${draft.eventIds.length})` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={EVENTS_DROPDOWN_MIN_WIDTH} data-testid="events-dropdown">
        <Stack gap="xs">
          <TextInput
            size="sm"
            leftSection={<IconSearch size={14} aria-hidden="true" />}
            aria-label={t('filterBar.events.search')}
            placeholder={t('filterBar.events.search')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <ScrollArea.Autosize mah={SELECT_MAX_HEIGHT}>
            <Stack gap={6} role="group" aria-label={t('filterBar.events.label')}>
              {found.map((event) => {
                const selected = draft.eventIds.includes(event.id);
                return (
                  <Checkbox
                    key={event.id}
                    label={event.name}
                    checked={selected}
                    disabled={!selected && eventRange(event, ctx) === null}
                    onChange={() => onChange(selected ? deselectEvent(draft, event.id, ctx) : selectEvent(draft, event.id, ctx))}
                  />
                );
              })}
              {found.length === 0 && (
                <Text size="sm" c="dimmed" data-testid="events-empty">
                  {t('filterBar.events.empty')}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
