import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@sitelens/domain';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import type { StopNGoScreen } from '../graphql/stopngo.ts';

interface ScreensTableProps {
  screens: StopNGoScreen[];
  onRenew(screen: StopNGoScreen): void;
  onDelete(screen: StopNGoScreen): void;
}

/** Each screen with its name, id and status (active while a display shows it), spec 002 §3. */
export function ScreensTable({ screens, onRenew, onDelete }: ScreensTableProps) {
  const { t } = useTranslation();
  const names = useLanguageNames();
  const languageName = (l: string | null | undefined) => (l ? (names[l as Language] ?? l) : null);
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="stopngo-screens">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stopNGo.screens.name')}</Table.Th>
          <Table.Th>{t('stopNGo.screens.id')}</Table.Th>
          <Table.Th>{t('stopNGo.screens.languages')}</Table.Th>
          <Table.Th>{t('stopNGo.screens.status')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('stopNGo.screens.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {screens.map((screen) => (
          <Table.Tr key={screen.id} data-testid="stopngo-screen-row">
            <Table.Td>
              <Text size="sm" fw={500}>
                {screen.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {screen.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{[languageName(screen.language), languageName(screen.secondLanguage)].filter(Boolean).join(' · ')}</Text>
            </Table.Td>
            <Table.Td>
              {screen.status === 'ACTIVE' ? (
                <Badge color="green" variant="light" data-testid="stopngo-screen-status">
                  {t('stopNGo.screens.active')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="stopngo-screen-status">
                  {t('stopNGo.screens.inactive')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('stopNGo.screens.renew')}>
                  <ActionIcon variant="subtle" aria-label={t('stopNGo.screens.renewNamed', { name: screen.name })}
                    onClick={() => onRenew(screen)}
                    data-address-of={screen.id}
                    data-testid="stopngo-screen-renew"
                  >
                    <IconRefresh size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('stopNGo.screens.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('stopNGo.screens.deleteNamed', { name: screen.name })} onClick={() => onDelete(screen)} data-testid="stopngo-screen-delete">
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
