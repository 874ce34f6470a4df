import { type ReactNode, useRef, useState } from 'react';
import { ActionIcon, Badge, Group, Menu, Paper, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarX, IconChartBar, IconDots, IconFileSpreadsheet, IconInfoCircle, IconLock, IconPhoto, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@sitelens/domain';
import { saveUrl } from '../../shared/files/saveUrl.ts';
import { saveCsv } from './download.ts';
import { exportFileName } from './exportSheet.ts';
import { WidgetDataTable } from './WidgetDataTable.tsx';
import type { WidgetStatus } from './useRetailResults.ts';
import { useViewedChart } from './useViewedChart.ts';
import { type SkeletonKind, WidgetSkeleton } from './WidgetSkeleton.tsx';
import { WidgetMessage } from './WidgetMessage.tsx';
import { useWidgetFrameInfo } from './zoneNote.ts';

const TABLE_WIDGETS: ReadonlySet<string> = new Set(['table', 'alertLogsTable']);

export interface WidgetExports {
  /** A PNG data URL of what is drawn (at once, or once images are in), or null when nothing is. */
  png?: () => string | null | Promise<string | null>;
  /** Header row then data rows; null or empty when there is nothing to export. */
  csv?: () => Array<Array<string | number | null>> | null;
}

export interface WidgetFrameProps {
  widget: Pick<Widget, 'id' | 'type' | 'title' | 'tooltipMessages' | 'configuration'>;
  status: WidgetStatus;
  skeleton: SkeletonKind;
  /** Height of the body in the loading and data states. */
  height: number;
  exports?: WidgetExports;
  /** Shown in the too-wide state's sub-text. */
  maxRangeDays?: number;
  /** Replaces the standard empty message (the alert log's "no alerts", say). */
  empty?: ReactNode;
  /** Skip the viewed-chart event (widget builder preview). */
  preview?: boolean;
  children?: ReactNode;
}

/**
 * The frame every widget is drawn in: its title and tooltip, the menu (PNG when there is data,
 * CSV when there is something to export), the four states of spec 001 §4, and a refusal of the
 * caller's right shown as such (not as a failure to load).
 */
export function WidgetFrame({ widget, status, skeleton, height, exports, maxRangeDays = 14, empty, preview, children }: WidgetFrameProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useViewedChart(ref, { widgetId: widget.id, type: widget.type }, status === 'data' && !preview);
  const showTitle = widget.configuration.isBlockTitleVisible !== false;
  const canPng = status === 'data' && exports?.png !== undefined;
  const canCsv = status === 'data' && exports?.csv !== undefined;
  // A widget that is a table already has no need of a second one.
  const canTable = canCsv && !TABLE_WIDGETS.has(widget.type);
  const titleId = `widget-title-${widget.id}`;
  const info = useWidgetFrameInfo();
  const zoneNote = info.zoneNote;
  const fileName = (extension: string) => exportFileName({ site: info.site, title: widget.title, from: info.from, to: info.to }, extension);

  const exportPng = async () => {
    try {
      const url = await exports?.png?.();
      if (url) saveUrl(url, fileName('png'));
    } catch (error) {
      console.error('PNG export failed', error);
    }
  };
  const exportCsv = () => {
    const rows = exports?.csv?.();
    if (rows?.length) saveCsv(rows, fileName('csv'));
  };
  // The figures as a table: read once as it opens, as the CSV is.
  const [tableRows, setTableRows] = useState<ReturnType<NonNullable<WidgetExports['csv']>> | undefined>(undefined);

  return (
    <Paper ref={ref} withBorder radius="md" p="md" component="section" style={{ flex: 1 }} aria-labelledby={showTitle ? titleId : undefined} aria-label={showTitle ? undefined : widget.title} data-widget-type={widget.type} data-status={status}>
      {(showTitle || canPng || canCsv) && (
        <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {showTitle && (
              <Title id={titleId} order={2} size="h5" lineClamp={1}>
                {widget.title}
              </Title>
            )}
            {zoneNote && (
              <Badge variant="light" color="gray" size="sm" fw={500} tt="none" style={{ flexShrink: 0 }} data-testid="zone-note">
                {t('widgetFrame.zoneNotApplied')}
              </Badge>
            )}
            {widget.tooltipMessages?.length ? (
              <Tooltip label={widget.tooltipMessages.join(' ')} multiline w={280} withArrow>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('widgetFrame.about', { title: widget.title })}>
                  <IconInfoCircle size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
          {(canPng || canCsv) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('widgetFrame.menu', { title: widget.title })}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {canPng && (
                  <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => void exportPng()}>
                    {t('widgetFrame.exportPng')}
                  </Menu.Item>
                )}
                {canTable && (
                  <Menu.Item leftSection={<IconTable size={16} />} onClick={() => setTableRows(exports?.csv?.() ?? null)}>
                    {t('widgetFrame.table.open')}
                  </Menu.Item>
                )}
                {canCsv && (
                  <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={exportCsv}>
                    {t('widgetFrame.exportCsv')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
      {status === 'loading' && <WidgetSkeleton kind={skeleton} height={height} />}
      {status === 'empty' &&
        (empty ?? (
          <WidgetMessage
            height={height}
            icon={<IconChartBar size={36} color="var(--mantine-color-gray-5)" aria-hidden="true" />}
            title={t('widgets.empty')}
            hint={t('widgetFrame.emptyHint')}
          />
        ))}
      {status === 'tooWide' && (
        <WidgetMessage
          height={height}
          icon={<IconCalendarX size={36} color="var(--mantine-color-orange-6)" aria-hidden="true" />}
          title={t('widgetFrame.tooWide')}
          hint={t('widgetFrame.tooWideHint', { days: maxRangeDays })}
        />
      )}
      {status === 'error' && (
        <WidgetMessage
          height={height}
          icon={<IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden="true" />}
          title={t('widgetFrame.error')}
          hint={t('widgetFrame.errorHint')}
        />
      )}
      {status === 'refused' && (
        <WidgetMessage
          height={height}
          icon={<IconAlertTriangle size={36} color="var(--mantine-color-orange-6)" aria-hidden="true" />}
          title={t('widgetFrame.refused')}
          hint={t('widgetFrame.refusedHint')}
        />
      )}
      {status === 'forbidden' && (
        <WidgetMessage
          height={height}
          icon={<IconLock size={36} color="var(--mantine-color-gray-6)" aria-hidden="true" />}
          title={t('widgetFrame.forbidden')}
          hint={t('widgetFrame.forbiddenHint')}
        />
      )}
      {status === 'data' && children}
      {tableRows !== undefined && <WidgetDataTable opened onClose={() => setTableRows(undefined)} title={widget.title} rows={tableRows} />}
    </Paper>
  );
}
