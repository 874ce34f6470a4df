import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../graphql/messages.ts';

/** Sent, failed, queued, or retrying (queued after a failed attempt). */
export function DeliveryStatusBadge({ delivery }: { delivery: Pick<Delivery, 'status' | 'attempts'> }) {
  const { t } = useTranslation();
  if (delivery.status === 'SENT') return <Badge color="green" variant="light">{t('messages.status.sent')}</Badge>;
  if (delivery.status === 'FAILED') return <Badge color="red" variant="light">{t('messages.status.failed')}</Badge>;
  if (delivery.attempts > 0) return <Badge color="orange" variant="light">{t('messages.status.retrying')}</Badge>;
  return <Badge color="gray" variant="light">{t('messages.status.queued')}</Badge>;
}
