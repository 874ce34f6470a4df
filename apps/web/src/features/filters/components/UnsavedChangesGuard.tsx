import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * The leave confirmation (spec 001 §4) while the filter bar holds changes not applied: on
 * navigation to another page and on the back button (router blocker), and on page unload (the
 * browser's own prompt). Save applies the changes and goes on; discard goes on; cancel stays.
 */
export function UnsavedChangesGuard({ when, onSave }: { when: boolean; onSave: () => void }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title={t('filterBar.guard.title')} centered>
      <Text size="sm">{t('filterBar.guard.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-testid="guard-cancel">
          {t('filterBar.guard.cancel')}
        </Button>
        <Button variant="light" color="red" onClick={() => blocker.proceed?.()} data-testid="guard-discard">
          {t('filterBar.guard.discard')}
        </Button>
        <Button
          onClick={() => {
            onSave();
            blocker.proceed?.();
          }}
          data-testid="guard-save"
        >
          {t('filterBar.guard.save')}
        </Button>
      </Group>
    </Modal>
  );
}
