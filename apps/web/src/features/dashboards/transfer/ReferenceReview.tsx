import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type MappingChoice, optionsFor, referenceKey } from './importMapping.ts';
import type { ImportCandidate, ImportReference } from './transferDocuments.ts';

interface Props {
  references: ImportReference[];
  candidates: ImportCandidate[];
  choice: MappingChoice;
  onChange: (choice: MappingChoice) => void;
}

/** The review step: each site, zone… the file names, and the row of the caller's organization it becomes. */
export function ReferenceReview({ references, candidates, choice, onChange }: Props) {
  const { t } = useTranslation();
  const siteName = (id: number | null | undefined) => references.find((r) => r.kind === 'installation' && r.fromId === id)?.name;
  return (
    <Table data-testid="import-review" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('dashboardTransfer.review.inFile')}</Table.Th>
          <Table.Th>{t('dashboardTransfer.review.becomes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {references.map((r) => {
          const key = referenceKey(r);
          const site = siteName(r.siteId);
          const label = t('dashboardTransfer.review.reference', { kind: t(`dashboardTransfer.kinds.${r.kind}`), name: r.name });
          return (
            <Table.Tr key={key}>
              <Table.Td>
                <Text size="sm">{label}</Text>
                {site && r.kind !== 'installation' && (
                  <Text size="xs" c="dimmed">
                    {site}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={label}
                  data={optionsFor(r, candidates, choice).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={choice[key] == null ? null : String(choice[key])}
                  onChange={(v) => onChange({ ...choice, [key]: v === null ? null : Number(v) })}
                  error={choice[key] == null ? t('dashboardTransfer.review.required') : undefined}
                  searchable
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
