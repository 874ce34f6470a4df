import { MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { NumberField } from '../../../shared/forms/NumberField.tsx';
import { useTranslation } from 'react-i18next';
import { ALERT_MESSAGE_PERIOD_HOURS, ALERT_REARM_MINUTES, MAX_ALERT_MAX_TRIGGER, PAD_STATUS_CODES, type AlertProblem, conditionNeedsFloorArea, conditionReading, conditionValueRange, hasFloorArea, metricDecimals, metricUnit, requiredConditionFields, type AlertConditionType } from '@sitelens/domain';
import type { ConditionDraft } from '../hooks/useAlertForm.ts';

interface Option {
  id: number;
  name: string;
}

interface ZoneOption extends Option {
  areaM2?: number | null;
}

export interface ConditionEditorProps {
  condition: ConditionDraft;
  /** The types to offer: those the site measures, and the condition's own (offeredConditionTypes). */
  types: readonly AlertConditionType[];
  onChange: (patch: Partial<ConditionDraft>) => void;
  zones: ZoneOption[];
  sensors: Option[];
  pads: Option[];
  /** The field's problem once Save was pressed (its reason, and the bounds a number broke). */
  problemOf: (field: string) => AlertProblem | null;
}

const options = (items: Option[]) => items.map((i) => ({ value: String(i.id), label: i.name }));
const toNumber = (v: string | number): number | null => (v === '' || v === null ? null : Number(v));

/** The one condition of an alert: its type, then the fields that type reads, with the metric's unit and precision. */
export function ConditionEditor({ condition: c, types, onChange, zones, sensors, pads, problemOf }: ConditionEditorProps) {
  const { t } = useTranslation();
  const type = c.type as AlertConditionType;
  const reading = conditionReading(type, c.direction);
  const unit = reading ? (metricUnit(reading.metric) ?? undefined) : undefined;
  const decimals = reading ? metricDecimals(reading.metric) : 0;
  const err = (field: string) => {
    const problem = problemOf(`condition.${field}`);
    return problem ? t(`alerts.form.problem.${problem.reason}`, { min: problem.min, max: problem.max, defaultValue: t('errors.BAD_USER_INPUT') }) : undefined;
  };
  const hasThreshold = type !== 'status' && type !== 'stopNGoLimit';
  // What the rule requires of the condition as it stands is marked so (the domain's requiredConditionFields).
  const required = new Set(requiredConditionFields(c));
  const targets = reading?.targets;
  // A density divides by the zone's floor area: zones without one are shown but cannot be chosen.
  const needsArea = conditionNeedsFloorArea(type);
  // Their label says why too (Mantine marks a disabled option for the eye only).
  const zoneOptions = zones.map((z) => {
    const unfit = needsArea && !hasFloorArea(z.areaM2);
    return { value: String(z.id), label: unfit ? t('alerts.form.zoneWithoutArea', { name: z.name }) : z.name, disabled: unfit && z.id !== c.zoneId };
  });
  // What the metric can read bounds the threshold (a count is never below 0); a number past a bound is
  // kept as typed and refused with the range, never changed behind the user's back.
  const range = conditionValueRange(type, c.direction);
  const numberProps = { decimalScale: decimals, rightSection: unit, rightSectionWidth: unit ? 64 : undefined, hideControls: true, min: range.min ?? undefined, max: range.max ?? undefined, clampBehavior: 'none' as const };
  return (
    <Stack gap="sm">
      <Select
        label={t('alerts.form.conditionType')}
        data={types.map((value) => ({ value, label: t(`alerts.condition.${value}`) }))}
        value={c.type}
        onChange={(value) => value && onChange({ type: value })}
        allowDeselect={false}
        data-testid="alert-condition-type"
        description={t(`alerts.conditionHelp.${type}`)}
        error={err('type')}
      />
      {targets === 'atmosphereDevices' && (
        <MultiSelect label={t('alerts.form.sensors')} withAsterisk={required.has('deviceAtmosphereIds')} data={options(sensors)} value={c.deviceAtmosphereIds.map(String)} onChange={(v) => onChange({ deviceAtmosphereIds: v.map(Number) })} error={err('deviceAtmosphereIds')} data-testid="alert-sensors" searchable />
      )}
      {(targets === 'pads' || type === 'status') && (
        <MultiSelect label={t('alerts.form.pads')} withAsterisk={required.has('padIds')} data={options(pads)} value={c.padIds.map(String)} onChange={(v) => onChange({ padIds: v.map(Number) })} error={err('padIds')} data-testid="alert-pads" searchable />
      )}
      {type !== 'status' && type !== 'stopNGoLimit' && (
        <Select
          label={t('alerts.form.zone')}
          withAsterisk={required.has('zoneId')}
          description={needsArea ? t('alerts.form.zoneNeedsArea') : undefined}
          data={zoneOptions}
          value={c.zoneId === null ? null : String(c.zoneId)}
          onChange={(v) => onChange({ zoneId: v ? Number(v) : null })}
          error={err('zoneId')}
          clearable
          searchable
          data-testid="alert-zone"
        />
      )}
      {type === 'flux' && (
        <SegmentedControl
          value={c.direction}
          onChange={(direction) => onChange({ direction })}
          data={[
            { value: 'in', label: t('alerts.form.directionIn') },
            { value: 'out', label: t('alerts.form.directionOut') },
          ]}
          aria-label={t('alerts.form.direction')}
        />
      )}
      {type === 'status' && (
        <MultiSelect
          label={t('alerts.form.statusCodes')}
          withAsterisk={required.has('padStatusCodes')}
          data={PAD_STATUS_CODES.map((value) => ({ value, label: t(`alerts.status.${value}`) }))}
          value={c.padStatusCodes}
          onChange={(padStatusCodes) => onChange({ padStatusCodes })}
          error={err('padStatusCodes')}
          data-testid="alert-status-codes"
        />
      )}
      {hasThreshold && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField label={t('alerts.form.value')} withAsterisk={required.has('value')} value={c.value ?? ''} onChange={(v) => onChange({ value: toNumber(v) })} error={err('value')} data-testid="alert-value" {...numberProps} />
          {type !== 'intrusion' && <NumberField label={t('alerts.form.min')} value={c.min ?? ''} onChange={(v) => onChange({ min: toNumber(v) })} error={err('min')} {...numberProps} />}
          {type !== 'intrusion' && <NumberField label={t('alerts.form.max')} value={c.max ?? ''} onChange={(v) => onChange({ max: toNumber(v) })} error={err('max')} {...numberProps} />}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed" data-testid="alert-rearm-rule">
        {t('alerts.form.rearmRule', { minutes: ALERT_REARM_MINUTES })}
      </Text>
      <NumberField
        label={t('alerts.form.maxTrigger', { hours: ALERT_MESSAGE_PERIOD_HOURS })}
        description={t('alerts.form.maxTriggerHelp', { hours: ALERT_MESSAGE_PERIOD_HOURS })}
        min={0}
        max={MAX_ALERT_MAX_TRIGGER}
        clampBehavior="none"
        allowDecimal={false}
        value={c.maxTrigger ?? ''}
        onChange={(v) => onChange({ maxTrigger: v === '' ? null : Number(v) })}
        data-testid="alert-max-trigger"
        error={err('maxTrigger')}
        maw={320}
      />
    </Stack>
  );
}
