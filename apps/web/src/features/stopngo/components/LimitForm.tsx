import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STOPNGO_LIMIT_MAX, checkStopNGoLimit } from '@sitelens/domain';
import { Form } from '../../../shared/forms/Form.tsx';
import { NumberField } from '../../../shared/forms/NumberField.tsx';

interface LimitFormProps {
  initial: number | null;
  saving: boolean;
  /** A reason code the server gave for the last value sent. */
  serverReason: string | null;
  onSave(limit: number): void;
  onCancel(): void;
}

const decimalSeparator = (language: string) => new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** The limit: a whole number of visitors inside, checked here with the server's own rule. */
export function LimitForm({ initial, saving, serverReason, onSave, onCancel }: LimitFormProps) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState<number | string>(initial ?? '');
  const [tried, setTried] = useState(false);
  const check = value === '' ? ({ ok: false, reason: 'required' } as const) : checkStopNGoLimit(typeof value === 'number' ? value : Number(value.replace(',', '.')));
  const reason = tried && !check.ok ? check.reason : serverReason;
  return (
    <Form
      onSubmit={() => {
        setTried(true);
        if (check.ok) onSave(Number(value));
      }}
    >
      {/* The buttons under the field: beside it, they sat level with its label's and hint's height in one language only. */}
      <Stack gap="sm" align="flex-start">
        {/* Arabic-Indic and Persian digits are taken as typed (٣٠ is 30), not dropped. */}
        <NumberField
          label={t('stopNGo.limit.label')}
          description={t('stopNGo.limit.hint')}
          value={value}
          onChange={setValue}
          min={1}
          max={STOPNGO_LIMIT_MAX}
          // Decimals are kept as typed (in the language's own separator), so 2.5 is refused with a word
          // instead of being cut to 2 or 25 and saved unseen.
          allowDecimal
          decimalSeparator={decimalSeparator(i18n.language)}
          allowNegative={false}
          // Our rule says what is wrong; a value silently clamped to 1 on blur would be saved unseen.
          clampBehavior="none"
          required
          data-autofocus
          w={260}
          error={reason ? t(`stopNGo.limit.errors.${reason}`, { max: new Intl.NumberFormat(i18n.language).format(STOPNGO_LIMIT_MAX) }) : undefined}
          data-testid="stopngo-limit-input"
        />
        <Group gap="xs">
          <Button type="submit" loading={saving} data-testid="stopngo-limit-save">
            {t('stopNGo.limit.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('stopNGo.cancel')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
