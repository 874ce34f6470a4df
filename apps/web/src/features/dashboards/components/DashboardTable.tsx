import { ActionIcon, Anchor, Badge, Menu, Stack, Table, Text } from '@mantine/core';
import { IconCopy, IconDots, IconFileExport, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type DashboardType, canEditDashboard, formatDate } from '@sitelens/domain';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import type { DashboardRow } from '../graphql/dashboards.ts';
import { useExportDashboard } from '../transfer/useExportDashboard.ts';

const TYPE_COLORS: Record<DashboardType, string> = {
  countingSite: 'blue',
  atmosphereSite: 'teal',
  energySite: 'orange',
  custom: 'grape',
  marketPlace: 'pink',
};

// The schema types it as a string; the list knows these five.
const isDashboardType = (type: string): type is DashboardType => Object.hasOwn(TYPE_COLORS, type);

/** Name, type and last modified; a row opens the dashboard (spec 001 §2, dashboards list). */
interface DashboardTableProps {
  dashboards: DashboardRow[];
  /** Row actions of stored dashboards, for callers who may create dashboards. */
  onDuplicate?: (d: DashboardRow) => void;
  /** Offered on the rows the caller may change (canEditDashboard). */
  onRename?: (d: DashboardRow) => void;
  onDelete?: (d: DashboardRow) => void;
  onHistory?: (d: DashboardRow) => void;
}

export function DashboardTable({ dashboards, onDuplicate, onRename, onDelete, onHistory }: DashboardTableProps) {
  const exportDashboard = useExportDashboard();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, organization, caller } = useCaller();
  const format = userDateFormat(me.dateFormat);
  const tz = userTimeZone(me.timezone);
  const typeLabel: Record<DashboardType, string> = {
    countingSite: t('dashboards.types.countingSite'),
    atmosphereSite: t('dashboards.types.atmosphereSite'),
    energySite: t('dashboards.types.energySite'),
    custom: t('dashboards.types.custom'),
    marketPlace: t('dashboards.types.marketPlace'),
  };
  const sitesCaption = t('dashboards.list.sitesOf', { organization: organization?.name ?? '' });

  return (
    <Table highlightOnHover verticalSpacing="sm" data-testid="dashboards-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('dashboards.list.name')}</Table.Th>
          <Table.Th>{t('dashboards.list.type')}</Table.Th>
          <Table.Th>{t('dashboards.list.lastModified')}</Table.Th>
          {onDuplicate && <Table.Th aria-label={t('dashboardTemplates.actions')} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dashboards.map((d) => (
          <Table.Tr key={`${d.kind}-${d.type}-${d.id}`} onClick={() => void navigate(d.url)} style={{ cursor: 'pointer' }} data-type={d.type}>
            <Table.Td>
              <Stack gap={0}>
                <Anchor component={Link} to={d.url} fw={600} c="dark.7" onClick={(e) => e.stopPropagation()}>
                  {d.name}
                </Anchor>
                {d.kind === 'static' && (
                  <Text size="xs" c="dimmed">
                    {sitesCaption}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={isDashboardType(d.type) ? TYPE_COLORS[d.type] : 'gray'}>
                {isDashboardType(d.type) ? typeLabel[d.type] : d.type}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(Date.parse(d.lastModified), { format, tz })}</Text>
            </Table.Td>
            {onDuplicate && (
              <Table.Td onClick={(e) => e.stopPropagation()}>
                {d.kind !== 'static' && (
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('dashboardTemplates.actionsOf', { name: d.name })}>
                        <IconDots size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => onDuplicate(d)}>
                        {t('dashboardTemplates.duplicate')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconFileExport size={16} aria-hidden="true" />} onClick={() => void exportDashboard(d)}>
                        {t('dashboardTransfer.export')}
                      </Menu.Item>
                      {onHistory && (
                        <Menu.Item leftSection={<IconHistory size={16} aria-hidden="true" />} onClick={() => onHistory(d)}>
                          {t('dashboardHistory.title')}
                        </Menu.Item>
                      )}
                      {onRename && canEditDashboard(caller, d.kind) && (
                        <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onRename(d)}>
                          {t('dashboardTemplates.rename')}
                        </Menu.Item>
                      )}
                      {onDelete && canEditDashboard(caller, d.kind) && (
                        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => onDelete(d)}>
                          {t('dashboardTemplates.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
