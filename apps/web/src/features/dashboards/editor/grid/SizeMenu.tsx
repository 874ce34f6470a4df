import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconCheck } from '@tabler/icons-react';
import { WIDGET_HEIGHTS, WIDGET_WIDTHS, type WidgetLayout } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/** A widget's width and height, chosen from a menu (reached and used by keyboard like any menu). */
export function SizeMenu({ title, layout, onResize }: { title: string; layout: WidgetLayout | undefined; onResize: (layout: WidgetLayout) => void }) {
  const { t } = useTranslation();
  const width = layout?.width ?? 'auto';
  const height = layout?.height ?? 'auto';
  const mark = (on: boolean) => (on ? <IconCheck size={14} aria-hidden="true" /> : <span style={{ width: 14 }} />);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('dashboardEditor.size.label')}>
          <ActionIcon variant="subtle" aria-label={t('dashboardEditor.size.named', { title })} data-testid="editor-widget-size">
            <IconArrowsMaximize size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('dashboardEditor.size.width')}</Menu.Label>
        {WIDGET_WIDTHS.map((w) => (
          <Menu.Item key={w} role="menuitemradio" aria-checked={w === width} leftSection={mark(w === width)} onClick={() => onResize({ width: w })}>
            {t(`dashboardEditor.size.widths.${w}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('dashboardEditor.size.height')}</Menu.Label>
        {WIDGET_HEIGHTS.map((h) => (
          <Menu.Item key={h} role="menuitemradio" aria-checked={h === height} leftSection={mark(h === height)} onClick={() => onResize({ height: h })}>
            {t(`dashboardEditor.size.heights.${h}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
