import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { Alert, Badge, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { ZONES_BY_INSTALLATION, type Zone } from '../graphql/installations.ts';

interface ZoneRow {
  zone: Zone;
  depth: number;
}

/** Parents before their children, depth-first, so the table reads as the zone tree. */
function treeOrder(zones: Zone[]): ZoneRow[] {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const rows: ZoneRow[] = [];
  const seen = new Set<number>();
  const visit = (zone: Zone, depth: number) => {
    if (seen.has(zone.id)) return;
    seen.add(zone.id);
    rows.push({ zone, depth });
    for (const childId of zone.childIds) {
      const child = byId.get(childId);
      if (child) visit(child, depth + 1);
    }
  };
  const roots = zones.filter((z) => !z.parentIds.some((p) => byId.has(p)));
  for (const root of roots) visit(root, 0);
  for (const zone of zones) visit(zone, 0);
  return rows;
}

export function ZonesTable({ installationId }: { installationId: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ZONES_BY_INSTALLATION, { variables: { installationId } });
  const rows = useMemo(() => treeOrder((data?.zonesByInstallation ?? []).filter((z) => !z.isDeleted)), [data]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="zones-title">
      <Title order={2} size="h4" mb="sm" id="zones-title">
        {t('counting.zones.title')}
      </Title>
      {!data && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {!data && !error && <Skeleton height={120} />}
      {data && rows.length === 0 && <Text c="dimmed">{t('counting.zones.empty')}</Text>}
      {rows.length > 0 && (
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('counting.zones.name')}</Table.Th>
              <Table.Th>{t('counting.zones.level')}</Table.Th>
              <Table.Th>{t('counting.zones.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ zone, depth }) => (
              <Table.Tr key={zone.id}>
                <Table.Td>
                  <Text size="sm" fw={depth === 0 ? 600 : 400} style={{ paddingInlineStart: depth * 20 }}>
                    {zone.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {depth === 0 ? t('counting.zones.main') : t('counting.zones.sub')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {zone.isDisabled ? (
                    <Badge color="gray" variant="light">
                      {t('counting.zones.disabled')}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('counting.zones.active')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
