import { useId } from 'react';
import { useQuery } from '@apollo/client';
import { Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { conjunctionList } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TEMPLATES } from './templateDocuments.ts';

/** "Empty" or one of the four templates as cards; a template the site cannot fill is disabled with the reason. */
export function TemplatePicker({ installationId, value, onChange }: { installationId: number | null; value: string; onChange: (v: string) => void }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(DASHBOARD_TEMPLATES, { variables: { installationId: installationId ?? 0 }, skip: !installationId });
  const id = useId();
  const cards = [{ key: 'empty', available: true, missing: [] as string[] }, ...(data?.dashboardTemplates ?? [])];
  return (
    <Radio.Group value={value} onChange={onChange} label={t('dashboardTemplates.startFrom')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {cards.map((c) => (
          <Radio.Card key={c.key} value={c.key} aria-label={t(`dashboardTemplates.templates.${c.key}.name`)} aria-describedby={`${id}-${c.key}`} disabled={!c.available} p="sm" radius="md" data-testid={`template-${c.key}`} style={{ opacity: c.available ? 1 : 0.6 }}>
            <Stack gap={2}>
              <Text fw={600}>{t(`dashboardTemplates.templates.${c.key}.name`)}</Text>
              {/* The card's name is its label; these are its description, read after it. */}
              <Stack gap={2} id={`${id}-${c.key}`}>
                <Text size="xs" c="dimmed">
                  {t(`dashboardTemplates.templates.${c.key}.description`)}
                </Text>
                {!c.available && (
                  <Text size="xs" c="orange.8">
                    {t('dashboardTemplates.unavailable', { missing: conjunctionList(i18n.language, c.missing.map((m) => t(`dashboardTemplates.families.${m}`))) })}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
