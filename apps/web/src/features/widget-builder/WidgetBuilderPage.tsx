import { useQuery } from '@apollo/client';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { BuilderPreview } from './components/BuilderPreview.tsx';
import { DebugSpeedDial } from './components/DebugSpeedDial.tsx';
import { WIDGET_BUILDER_ORIGIN } from './graphql/widgetBuilder.ts';
import { useBuilderMessages } from './hooks/useBuilderMessages.ts';
import { useSessionToken } from './hooks/useSessionToken.ts';

/**
 * /widget-builder: previews a dashboard config sent by the trusted admin tool over postMessage,
 * as the user whose token it sends (spec 001 §2).
 */
export default function WidgetBuilderPage() {
  const { t } = useTranslation();
  const originQuery = useQuery(WIDGET_BUILDER_ORIGIN, { fetchPolicy: 'network-only' });
  const origin = originQuery.data?.widgetBuilderOrigin ?? null;
  const config = useBuilderMessages(origin);
  const token = useSessionToken();

  let body;
  if (originQuery.loading) body = <Loader />;
  else if (!origin) body = <Alert color="gray">{t('widgetBuilder.notConfigured')}</Alert>;
  else if (!config || !token)
    body = (
      <Center mih={200}>
        <Stack align="center" gap="xs" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text c="dimmed" data-testid="builder-waiting">
            {t('widgetBuilder.waiting')}
          </Text>
        </Stack>
      </Center>
    );
  else body = <BuilderPreview config={config} />;

  return (
    <div data-testid="widget-builder" data-config={config ? 'received' : 'none'} data-signed-in={token ? 'yes' : 'no'}>
      {!(config && token) && <PageHeader title={t('widgetBuilder.title')} />}
      {body}
      <DebugSpeedDial token={token} />
    </div>
  );
}
