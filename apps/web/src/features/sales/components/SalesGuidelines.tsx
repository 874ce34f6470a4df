import { Code, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SALES_FILE_COLUMN_LETTERS, SALES_FILE_MAX_BYTES, formatBytes } from '@sitelens/domain';

const EXAMPLES = ['T-2026-000123', '2026-03-01T10:05:00+01:00', 'LYO-011', '3', '59.90', 'EUR'];
const RULES = ['noHeader', 'sixColumns', 'oneReceipt', 'dateHour', 'numbers', 'currency', 'replace', 'fileName'] as const;

/** What a sales file must look like: required columns, rules, the A-F layout and help (spec 002 §2). */
export function SalesGuidelines() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sales-guidelines-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="sales-guidelines-title">
          {t('sales.import.guidelines.title')}
        </Title>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('sales.import.guidelines.requiredTitle')}
          </Title>
          <Text size="sm">{t('sales.import.guidelines.required')}</Text>
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('sales.import.guidelines.rulesTitle')}
          </Title>
          <List size="sm" spacing={4}>
            {RULES.map((rule) => (
              <List.Item key={rule}>{t(`sales.import.guidelines.rules.${rule}`, { size: formatBytes(SALES_FILE_MAX_BYTES) })}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('sales.import.guidelines.layoutTitle')}
          </Title>
          <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sales.import.guidelines.column')}</Table.Th>
                <Table.Th scope="col">{t('sales.import.guidelines.content')}</Table.Th>
                <Table.Th scope="col">{t('sales.import.guidelines.example')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SALES_FILE_COLUMN_LETTERS.map((letter, i) => (
                <Table.Tr key={letter}>
                  <Table.Th scope="row">{letter}</Table.Th>
                  <Table.Td>{t(`sales.import.guidelines.columns.${letter}`)}</Table.Td>
                  <Table.Td>
                    <Code dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                      {EXAMPLES[i]}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('sales.import.guidelines.helpTitle')}
          </Title>
          <Text size="sm">{t('sales.import.guidelines.help')}</Text>
        </div>
      </Stack>
    </Paper>
  );
}
