import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconCheck } from '@tabler/icons-react';
import { WIDGET_HEIGHTS, WIDGET_WIDTHS, type WidgetLayout } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/**
 * A widget's width and height, chosen from a menu (reached and used by keyboard like any menu). The
 * chosen ones are marked `aria-current`: Mantine gives every item the role menuitem, which takes no aria-checked.
 */
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
          <Menu.Item key={w} aria-current={w === width || undefined} leftSection={mark(w === width)} onClick={() => onResize({ width: w })}>
            {t(`dashboardEditor.size.widths.${w}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('dashboardEditor.size.height')}</Menu.Label>
        {WIDGET_HEIGHTS.map((h) => (
          <Menu.Item key={h} aria-current={h === height || undefined} leftSection={mark(h === height)} onClick={() => onResize({ height: h })}>
            {t(`dashboardEditor.size.heights.${h}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
