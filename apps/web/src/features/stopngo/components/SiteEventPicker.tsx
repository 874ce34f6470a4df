import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import type { StopNGoEvent } from '../graphql/stopngo.ts';

interface SiteEventPickerProps {
  sites: InstallationSummary[];
  siteId: number | null;
  events: StopNGoEvent[];
  eventId: number | null;
  onSite(id: number): void;
  onEvent(id: number): void;
}

/** A limit is per site and event (spec 002 §2): the two choices the page works on. */
export function SiteEventPicker({ sites, siteId, events, eventId, onSite, onEvent }: SiteEventPickerProps) {
  const { t } = useTranslation();
  return (
    <Group gap="md" align="flex-end" mb="lg" wrap="wrap">
      <Select
        label={t('stopNGo.site')}
        data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        value={siteId === null ? null : String(siteId)}
        onChange={(v) => v && onSite(Number(v))}
        allowDeselect={false}
        searchable
        w={280}
        data-testid="stopngo-site"
      />
      <Select
        label={t('stopNGo.event')}
        data={events.map((e) => ({ value: String(e.id), label: e.name }))}
        value={eventId === null ? null : String(eventId)}
        onChange={(v) => v && onEvent(Number(v))}
        allowDeselect={false}
        disabled={events.length === 0}
        placeholder={events.length === 0 ? t('stopNGo.noEvents') : undefined}
        w={280}
        data-testid="stopngo-event"
      />
    </Group>
  );
}
