import { Button, Fieldset, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WidgetMetric } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';
import { nextBand, removeAt, replaceAt, withBands, withMetric } from '../widgetEdits.ts';
import { BandRow } from './BandRow.tsx';
import type { SectionProps } from './sectionProps.ts';
import { nextSwatch } from './swatches.ts';

/** Per metric: the value bands that colour its figure (kpis) or its zones on the plan (map view). */
export function ColorBandsSection({ widget, onChange, issue }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {widget.metrics.map((metric, m) => {
        const bands = metric.configuration?.colorimetry ?? [];
        const set = (next: typeof bands) => onChange(withMetric(widget, m, withBands(metric, next)));
        return (
          <Fieldset key={m} legend={metricName(t, metric.type)} variant="unstyled">
            <Stack gap="xs">
              {bands.map((band, i) => (
                <BandRow
                  key={i}
                  band={band}
                  index={i}
                  onChange={(next) => set(replaceAt(bands, i, next))}
                  onRemove={() => set(removeAt(bands, i))}
                  error={issue(`metrics.${m}.bands.${i}`)}
                  colorError={issue(`metrics.${m}.bands.${i}.color`)}
                />
              ))}
              {bands.length < 20 && <AddBand metric={metric} onAdd={() => set([...bands, nextBand(bands, nextSwatch(bands.length))])} />}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

function AddBand({ metric, onAdd }: { metric: WidgetMetric; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={onAdd} aria-description={metricName(t, metric.type)}>
      {t('widgetPanel.fields.addBand')}
    </Button>
  );
}
