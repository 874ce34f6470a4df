import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** The title's id, which then names the card for assistive technologies. */
  titleId?: string;
  /** A dimmed line under the title that says what the part is for. */
  description?: string;
  gap?: 'sm' | 'md';
  maw?: number;
  mt?: 'md' | 'lg';
  testId?: string;
  /** The title can take the keyboard (where a removed row hands it on): tabIndex -1. */
  titleFocusable?: boolean;
  children: ReactNode;
}

/** A titled part of a settings or profile page, in a bordered card. */
export function SectionCard({ title, titleId, description, gap = 'md', maw, mt, testId, titleFocusable, children }: SectionCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" maw={maw} mt={mt} aria-labelledby={titleId} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} size="h4" id={titleId} tabIndex={titleFocusable ? -1 : undefined}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
