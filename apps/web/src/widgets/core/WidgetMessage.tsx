import type { ReactNode } from 'react';
import { Center, Stack, Text } from '@mantine/core';

/** The empty, too-wide and error states: an icon, a message and its sub-text, centred in the widget's height. */
export function WidgetMessage({ icon, title, hint, height }: { icon: ReactNode; title: string; hint?: string; height: number }) {
  return (
    <Center style={{ minHeight: Math.min(height, 240) }} role="status">
      <Stack align="center" gap={4} maw={420}>
        {icon}
        <Text fw={500} ta="center">
          {title}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
