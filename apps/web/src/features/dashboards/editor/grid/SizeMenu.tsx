import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconArrowsMaximize, IconCheck } from '@tabler/icons-react';
import { WIDGET_HEIGHTS, WIDGET_WIDTHS, type WidgetLayout } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

export interface SizeMenuProps {
  title: string;
  layout: WidgetLayout | undefined;
  /** The widget's place (0-based) among `count` widgets of the page. */
  place: { index: number; count: number };
  onResize: (layout: WidgetLayout) => void;
  onMoveBy: (step: -1 | 1) => void;
}

/**
 * A widget's width and height, chosen from a menu (reached and used by keyboard like any menu). The
 * chosen ones are marked `aria-current`: Mantine gives every item the role menuitem, which takes no aria-checked.
 * Its place too, one step earlier or later: the same as the move handle's arrow keys, for whoever
 * cannot send those keys to the page (a screen reader reading the page, voice or switch control).
 */
export function SizeMenu({ title, layout, place, onResize, onMoveBy }: SizeMenuProps) {
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
        <Menu.Divider />
        <Menu.Label>{t('dashboardEditor.size.place', { position: place.index + 1, count: place.count })}</Menu.Label>
        <Menu.Item leftSection={<IconArrowLeft size={14} aria-hidden="true" className="sl-flip-rtl" />} disabled={place.index <= 0} onClick={() => onMoveBy(-1)} data-testid="editor-widget-earlier">
          {t('dashboardEditor.size.moveEarlier')}
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowRight size={14} aria-hidden="true" className="sl-flip-rtl" />} disabled={place.index >= place.count - 1} onClick={() => onMoveBy(1)} data-testid="editor-widget-later">
          {t('dashboardEditor.size.moveLater')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
