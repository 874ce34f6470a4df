import { useSyncExternalStore } from 'react';
import { Notification, Stack } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastStore } from './toastStore.ts';
import classes from './ToastStack.module.css';

const COLORS = { error: 'red', success: 'teal', info: 'blue' } as const;
const ICONS = { error: IconX, success: IconCheck, info: IconInfoCircle } as const;

export function ToastStack() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  return (
    <Stack gap="xs" className={classes.stack} aria-live="polite">
      {toasts.map((toast) => {
        const Icon = ICONS[toast.type];
        return (
          <Notification
            key={toast.id}
            color={COLORS[toast.type]}
            icon={<Icon size={18} />}
            role={toast.type === 'error' ? 'alert' : 'status'}
            closeButtonProps={{ 'aria-label': t('common.close') }}
            onClose={() => toastStore.remove(toast.id)}
            withBorder
            classNames={{ description: classes.text }}
          >
            {toast.text}
          </Notification>
        );
      })}
    </Stack>
  );
}
