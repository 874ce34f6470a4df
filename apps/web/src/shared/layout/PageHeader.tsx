import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { HelpTopicLink } from './HelpTopicLink.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Marks the header for the guided tour (data-tutorial). */
  tutorialAnchor?: string;
}

/** The one h1 of a screen, with the link to the screen's help topic; also names the browser tab. */
export function PageHeader({ title, description, actions, tutorialAnchor }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm" data-tutorial={tutorialAnchor}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="center">
          {/* Focusable from code (not by Tab): focus comes here when what had it is gone (focusWhenLost). */}
          <Title order={1} size="h2" tabIndex={-1} data-page-heading>
            {title}
          </Title>
          <HelpTopicLink />
        </Group>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
