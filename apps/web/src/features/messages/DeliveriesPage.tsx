import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { DeliveriesTable } from './components/DeliveriesTable.tsx';
import { TestMessagesCard } from './components/TestMessagesCard.tsx';
import { WebhookSecretCard } from './components/WebhookSecretCard.tsx';

/** Settings > Deliveries: every outgoing message with its fate, test sends, the webhook signing secret. */
export default function DeliveriesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('messages.deliveries.title')} description={t('messages.deliveries.description')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <TestMessagesCard />
          <WebhookSecretCard />
        </SimpleGrid>
        <DeliveriesTable />
      </Stack>
    </>
  );
}
