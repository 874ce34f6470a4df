import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Group, SegmentedControl, Select, Stack, Text, useDirection } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Widget, formatMetricValue, metricUnit } from '@sitelens/domain';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import { WidgetFrame, type WidgetExports } from '../../core/WidgetFrame.tsx';
import { WidgetMessage } from '../../core/WidgetMessage.tsx';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { metricName } from '../shared/metricName.ts';
import { imageDataUrl } from '../shared/sessionImage.ts';
import { elementLabel, type LabelChoice, labelChoiceMatters } from './elementLabels.ts';
import { type ElementColour, colourElements, viewScales } from './mapColours.ts';
import { legendEntries } from './legendEntries.ts';
import { mapLegends } from './mapLegend.ts';
import { MapLegendView } from './MapLegendView.tsx';
import { MapPlan, type PlanElement } from './MapPlan.tsx';
import { mapPng } from './mapPng.ts';
import { levelOfElement, scaleSubject, zoneDepths } from './scaleLevels.ts';
import { accessibleName, tooltipContent, tooltipFlags, tooltipMode } from './mapTooltip.ts';
import { MapValueList } from './MapValueList.tsx';
import { elementKey, mapViewOptions, viewElements } from './mapViewOptions.ts';
import { useMapValues } from './useMapValues.ts';
import { useMapViewData } from './useMapViewData.ts';
import { VIEW_RESELECT_DELAY_MS, initialViewSelection, viewSelectionReducer } from './viewSelection.ts';

const HEIGHT = 420;

/** The map view (spec 001 §3, §4): a floor plan coloured by the chosen view's values, with tooltips, legends and a list. */
export function MapViewWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rtl = useDirection().dir === 'rtl';
  const svgRef = useRef<SVGSVGElement>(null);
  const data = useMapViewData(widget, context);
  const { config, names } = data;
  const [choice, setChoice] = useState<LabelChoice>('zone');
  const nameOf = useCallback((e: Parameters<typeof elementLabel>[0]) => elementLabel(e, choice, names), [choice, names]);
  const options = useMemo(() => (config ? mapViewOptions(config, widget, nameOf) : []), [config, widget, nameOf]);
  const [selection, dispatch] = useReducer(viewSelectionReducer, initialViewSelection);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());

  const viewIds = options.map((o) => o.id).join('|');
  useEffect(() => {
    if (data.status === 'ready') dispatch({ type: 'loaded', viewIds: viewIds ? viewIds.split('|') : [] });
  }, [data.status, viewIds]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changeView = (id: string | null) => {
    if (!id || id === selection.viewId) return;
    clearTimeout(timer.current);
    dispatch({ type: 'clear' });
    setShown(new Set());
    timer.current = setTimeout(() => dispatch({ type: 'show', viewId: id }), VIEW_RESELECT_DELAY_MS);
  };
  const onShow = useCallback((key: string, on: boolean) => {
    setShown((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const view = options.find((o) => o.id === selection.viewId) ?? null;
  const elements = useMemo(() => (config && view ? viewElements(config, view) : []), [config, view]);
  const values = useMapValues(widget, context, view, elements, data.sensorOf);
  const primary = view?.metrics[0];
  // One colour scale per level of the zone tree shown (floors apart from their shops).
  const levelOf = useMemo(() => levelOfElement(zoneDepths(data.zones)), [data.zones]);
  const scales = useMemo(() => (config ? viewScales(config, primary, elements, values.values, levelOf) : []), [config, primary, elements, values.values, levelOf]);
  const colours = useMemo(
    () => (config ? colourElements(config, primary, elements, values.values, undefined, levelOf) : new Map<string, ElementColour>()),
    [config, primary, elements, values.values, levelOf],
  );

  const items = useMemo<PlanElement[]>(() => {
    if (!config || !view) return [];
    return elements.map((element) => {
      const key = elementKey(element)!;
      const label = nameOf(element);
      const colour = colours.get(key);
      const flags = tooltipFlags(config, view, element);
      const content = tooltipContent({ element, title: label, metrics: view.metrics, values: values.values.get(key), colour, flags, locale, metricName: (m) => metricName(t, m) });
      const tooltip = config.useItemTooltip === false ? undefined : content;
      return { element, key, label, colour, tooltip, accessibleName: accessibleName(label, { ...content, title: label }) };
    });
  }, [config, view, elements, nameOf, colours, values.values, locale, t]);

  const legends = useMemo(
    () =>
      config && primary
        ? scales.map((scale) => {
            const legend = mapLegends(config, scale.bands, {
              metric: primary.type,
              anyColoured: items.some((i) => i.colour?.band && i.colour.scale === scale.level),
              locale,
              unit: metricUnit(primary.type),
            });
            if (scales.length === 1) return { legend };
            const subject = scaleSubject(scale, data.zones);
            const title = subject.kind === 'passages' ? t('spatial.mapView.scalePassages') : t('spatial.mapView.scaleZonesIn', { names: subject.parents });
            return { legend, title };
          })
        : [],
    [config, primary, scales, items, locale, data.zones, t],
  );

  const entries = useMemo(() => {
    const words = {
      below: (value: string) => t('spatial.mapView.below', { value }),
      above: (value: string) => t('spatial.mapView.above', { value }),
      range: (from: string, to: string) => t('spatial.mapView.range', { from, to }),
    };
    // The configured captions are the same for every scale: written once, after the last.
    return legends.flatMap(({ legend, title }, i) => legendEntries(i === legends.length - 1 ? legend : { ...legend, fixed: [] }, words, title));
  }, [legends, t]);
  const position = legends[0]?.legend.position;
  const verticalLegend = position === 'left' || position === 'right';

  const valueText = (item: PlanElement) => (primary ? formatMetricValue(primary.type, item.colour?.value ?? null, { locale }) : '-');
  const exports = useMemo<WidgetExports>(
    () => ({
      png: () => (svgRef.current && items.length ? mapPng(svgRef.current, entries, { rtl, vertical: verticalLegend, imageDataUrl }) : null),
      csv: () =>
        items.length && view
          ? [[t('spatial.mapView.element'), ...view.metrics.map((m) => metricName(t, m.type))], ...items.map((i) => [i.label, ...view.metrics.map((m) => values.values.get(i.key)?.get(m.type) ?? null)])]
          : null,
    }),
    [items, view, values.values, t, entries, rtl, verticalLegend],
  );

  let status: WidgetStatus;
  if (data.status === 'loading') status = 'loading';
  else if (data.status === 'error' || values.status === 'error') status = 'error';
  else if (data.status === 'none' || options.length === 0) status = 'empty';
  else if (values.status === 'tooWide') status = 'tooWide';
  else status = 'data';

  const noPlan = (
    <WidgetMessage height={HEIGHT} icon={<IconMapOff size={36} color="var(--mantine-color-gray-5)" aria-hidden="true" />} title={t('spatial.mapView.noPlan')} hint={t('spatial.mapView.noPlanHint')} />
  );
  const viewLabel = (o: (typeof options)[number]) => o.title ?? metricName(t, o.metric ?? '');
  const noValues = values.status === 'data' && items.every((i) => i.colour?.value === null || i.colour?.value === undefined);

  return (
    <WidgetFrame widget={widget} status={status} skeleton="chart" height={HEIGHT} exports={exports} empty={data.status === 'none' ? noPlan : undefined} preview={context.preview}>
      {config && (
        <Stack gap="sm" data-view={selection.viewId ?? ''} data-values={values.status}>
          <Group justify="space-between" gap="sm">
            <Select
              label={t('spatial.mapView.view')}
              data={options.map((o) => ({ value: o.id, label: viewLabel(o) }))}
              value={view?.id ?? selection.viewId}
              onChange={changeView}
              allowDeselect={false}
              w={260}
              size="sm"
              comboboxProps={{ withinPortal: true }}
              data-testid="map-view-select"
            />
            {labelChoiceMatters(config.elements, names) && (
              <SegmentedControl
                size="xs"
                value={choice}
                onChange={(v) => setChoice(v as LabelChoice)}
                aria-label={t('spatial.mapView.labels')}
                data={[
                  { value: 'zone', label: t('spatial.mapView.zoneNames') },
                  { value: 'product', label: t('spatial.mapView.productNames') },
                ]}
              />
            )}
          </Group>
          <MapPlan
            config={config}
            active={items}
            tooltipMode={view ? tooltipMode(config, view) : 'hover'}
            shown={shown}
            picked={selection.elementKey}
            onPick={(key) => dispatch({ type: 'pick', elementKey: key })}
            onShow={onShow}
            title={view ? t('spatial.mapView.planOf', { view: viewLabel(view) }) : t('spatial.mapView.plan')}
            svgRef={svgRef}
          />
          {noValues && (
            <Text size="sm" c="dimmed" ta="center" role="status">
              {t('widgets.empty')}
            </Text>
          )}
          <MapLegendView entries={entries} vertical={verticalLegend} />
          {config.showList && items.length > 0 && <MapValueList items={items} valueText={valueText} />}
        </Stack>
      )}
    </WidgetFrame>
  );
}
