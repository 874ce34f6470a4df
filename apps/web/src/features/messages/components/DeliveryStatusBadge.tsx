import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../graphql/messages.ts';

/** Sent, failed, queued, or retrying (queued after a failed attempt). */
export function DeliveryStatusBadge({ delivery }: { delivery: Pick<Delivery, 'status' | 'attempts'> }) {
  const { t } = useTranslation();
  const [color, key] =
    delivery.status === 'SENT' ? ['green', 'sent'] : delivery.status === 'FAILED' ? ['red', 'failed'] : delivery.attempts > 0 ? ['orange', 'retrying'] : ['gray', 'queued'];
  // Its whole word, even in a squeezed table (a badge may otherwise shrink to an ellipsis).
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`messages.status.${key}`)}
    </Badge>
  );
}
