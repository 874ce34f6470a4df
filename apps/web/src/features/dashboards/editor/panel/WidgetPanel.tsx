import type { ReactNode } from 'react';
import { CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type WidgetEditorSection, widgetEditorFields, widgetTypeNameKey } from '@sitelens/domain';
import type { WidgetSite } from '../../../../widgets/core/widgetContext.ts';
import type { ModelWidget } from '../model/dashboardModel.ts';
import { PanelSection } from './PanelSection.tsx';
import { ColorBandsSection } from './sections/ColorBandsSection.tsx';
import { ColorsSection } from './sections/ColorsSection.tsx';
import { ComparisonSection } from './sections/ComparisonSection.tsx';
import { DisplaySection } from './sections/DisplaySection.tsx';
import { FiltersSection } from './sections/FiltersSection.tsx';
import { GroupingSection } from './sections/GroupingSection.tsx';
import { IgnoredFiltersSection } from './sections/IgnoredFiltersSection.tsx';
import { MetricsSection } from './sections/MetricsSection.tsx';
import { RefreshSection } from './sections/RefreshSection.tsx';
import type { SectionProps } from './sections/sectionProps.ts';
import { TargetsSection } from './sections/TargetsSection.tsx';
import { ThresholdsSection } from './sections/ThresholdsSection.tsx';
import { TitleSection } from './sections/TitleSection.tsx';
import { TopNSection } from './sections/TopNSection.tsx';
import { useIssueText } from './useIssueText.ts';
import { type SiteTargets, useSiteTargets } from './useSiteTargets.ts';

export interface WidgetPanelProps {
  widget: ModelWidget;
  /** The site the page shows: its zones, passages and devices are the targets offered. */
  site: WidgetSite;
  /** Every change at once (the editor previews it live and records it for undo). */
  onChange: (next: ModelWidget) => void;
  onClose: () => void;
}

function sectionBody(section: WidgetEditorSection, props: SectionProps, targets: SiteTargets): ReactNode {
  switch (section) {
    case 'title': return <TitleSection {...props} />;
    case 'metrics': return <MetricsSection {...props} families={targets.families} />;
    case 'targets': return <TargetsSection {...props} targets={targets} />;
    case 'grouping': return props.widget.metrics.length ? <GroupingSection {...props} /> : null;
    case 'filters': return props.widget.metrics.length ? <FiltersSection {...props} targets={targets} /> : null;
    case 'topN': return props.widget.metrics.length ? <TopNSection {...props} /> : null;
    case 'comparison': return <ComparisonSection {...props} />;
    case 'thresholds': return <ThresholdsSection {...props} />;
    case 'colorBands': return props.widget.metrics.length ? <ColorBandsSection {...props} /> : null;
    case 'colors': return <ColorsSection {...props} />;
    case 'display': return <DisplaySection {...props} />;
    case 'ignoredFilters': return <IgnoredFiltersSection {...props} />;
    case 'refresh': return <RefreshSection {...props} />;
  }
}

/** The widget's settings, sections from the domain's field list for its type; each change goes out at once. */
export function WidgetPanel({ widget, site, onChange, onClose }: WidgetPanelProps) {
  const { t } = useTranslation();
  const targets = useSiteTargets(site.id);
  const issue = useIssueText(widget);
  const props: SectionProps = { widget, onChange, issue };
  return (
    <Stack
      component="form"
      gap="sm"
      p="sm"
      aria-label={t('widgetPanel.title')}
      data-testid="widget-panel"
      onSubmit={(e) => e.preventDefault()}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {t('widgetPanel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(widgetTypeNameKey(widget.type))}
          </Text>
        </div>
        <CloseButton onClick={onClose} aria-label={t('widgetPanel.close')} />
      </Group>
      {targets.loading && (
        <Text size="xs" c="dimmed" role="status">
          {t('widgetPanel.loading')}
        </Text>
      )}
      {widgetEditorFields(widget.type).sections.map((section) => {
        const body = sectionBody(section, props, targets);
        return body ? (
          <PanelSection key={section} section={section}>
            {body}
          </PanelSection>
        ) : null;
      })}
    </Stack>
  );
}
