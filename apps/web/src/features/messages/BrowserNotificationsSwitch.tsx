import { Alert, Button, Group, Switch, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrowserPush } from './hooks/useBrowserPush.ts';
import { SectionCard } from '../../shared/layout/SectionCard.tsx';

/**
 * "Notify this browser": Web Push for the signed-in user on this browser (alerts and other
 * notifications arrive even with the tab closed). Turning it on asks the browser's permission and
 * sends a test notification.
 */
export function BrowserNotificationsSwitch() {
  const { t } = useTranslation();
  const push = useBrowserPush();
  const available = push.state === 'on' || push.state === 'off';

  return (
    <SectionCard title={t('messages.push.title')} gap="sm" maw={720} mt="lg" testId="browser-notifications">
      <Switch
        label={t('messages.push.switch')}
        description={t('messages.push.description')}
        checked={push.state === 'on'}
        disabled={!available || push.busy}
        onChange={(event) => void (event.currentTarget.checked ? push.turnOn() : push.turnOff())}
        thumbIcon={push.state === 'on' ? <IconBellRinging size={12} aria-hidden="true" /> : undefined}
      />
      {push.state === 'unsupported' && <Text size="sm" c="dimmed">{t('messages.push.unsupported')}</Text>}
      {push.state === 'blocked' && (
        <Alert color="yellow" variant="light">
          {t('messages.push.blocked')}
        </Alert>
      )}
      {push.failed && (
        <Alert color="red" variant="light" role="alert">
          {t('messages.push.failed')}
        </Alert>
      )}
      {push.state === 'on' && (
        <Group>
          <Button variant="default" size="xs" loading={push.busy} onClick={() => void push.sendTest()}>
            {t('messages.push.test')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
