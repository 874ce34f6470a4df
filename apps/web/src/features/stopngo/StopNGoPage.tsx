import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, siteLanguage } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { LimitCard } from './components/LimitCard.tsx';
import { ScreensCard } from './components/ScreensCard.tsx';
import { SiteEventPicker } from './components/SiteEventPicker.tsx';
import { useStopNGoSelection } from './hooks/useStopNGoSelection.ts';

/** Stop&Go (spec 002 §2): a limit of visitors inside per site and event, and the screens at its doors. */
export default function StopNGoPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const selection = useStopNGoSelection();
  const { site, event } = selection;
  const fallbackLanguage = isLanguage(me.lang) ? me.lang : 'en';
  return (
    <>
      <PageHeader title={t('stopNGo.title')} description={t('stopNGo.intro')} />
      {selection.loading && !site && <Skeleton height={60} mb="lg" />}
      {!selection.loading && selection.sites.length === 0 && <Alert color="gray">{t('stopNGo.noCountingSites')}</Alert>}
      {site && (
        <SiteEventPicker
          sites={selection.sites}
          siteId={site.id}
          events={selection.events}
          eventId={event?.id ?? null}
          onSite={selection.chooseSite}
          onEvent={selection.chooseEvent}
        />
      )}
      {selection.error && <Alert color="red">{errorText(selection.error, t)}</Alert>}
      {site && !selection.loading && !selection.error && !event && <Alert color="gray">{t('stopNGo.noEvents')}</Alert>}
      {site && event && (
        <>
          <LimitCard key={`limit-${event.id}`} eventId={event.id} running={selection.running} />
          <ScreensCard key={`screens-${event.id}`} eventId={event.id} defaultLanguage={siteLanguage(site.country, fallbackLanguage)} />
        </>
      )}
    </>
  );
}
