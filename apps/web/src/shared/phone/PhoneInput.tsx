import { type ReactNode, useId, useState } from 'react';
import { Box, Group, Input, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PhoneDraft, applyPhoneMask, isPhoneCountryIso, phoneCountry, phoneDraftError, phonePlaceholder, readPhoneInput } from '@sitelens/domain';
import { CountryFlag } from './CountryFlag.tsx';
import { usePhoneCountryOptions } from './usePhoneCountryOptions.ts';
import classes from './PhoneInput.module.css';

export interface PhoneInputProps {
  label: ReactNode;
  /** The country and national digits; `e164ToDraft(stored)` opens a stored number, `draftToE164(value)` saves one. */
  value: PhoneDraft;
  onChange: (value: PhoneDraft) => void;
  description?: ReactNode;
  /** An error from outside (the server's, the two-factor lock) wins over the field's own rule. */
  error?: ReactNode;
  /** Shows the field's own rule before the field is left (after a save attempt). */
  showRuleError?: boolean;
  disabled?: boolean;
  required?: boolean;
  'data-testid'?: string;
}

/**
 * A phone number of the listed countries (spec 002): a searchable country select with flags and
 * calling codes (CH by default), the calling code shown and never typed, the national number
 * written through the country's mask. Pasting an international number picks its country. The
 * number itself always reads left to right, also in Arabic.
 */
export function PhoneInput({ label, value, onChange, description, error, showRuleError = false, disabled, required, ...rest }: PhoneInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = usePhoneCountryOptions();
  const [left, setLeft] = useState(false);
  const country = phoneCountry(value.iso);
  const ruleError = phoneDraftError(value);
  const shown = error ?? (ruleError && (left || showRuleError) ? t(ruleError) : null);

  return (
    <Input.Wrapper label={label} description={description} error={shown} required={required} id={id} className={classes.wrapper}>
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={description ? 4 : 0}>
        <Select
          aria-label={t('common.phone.country')}
          data={options.map(({ value: v, label: l }) => ({ value: v, label: l }))}
          value={value.iso}
          onChange={(iso) => iso && isPhoneCountryIso(iso) && onChange({ iso, digits: value.digits })}
          searchable
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ width: 320, position: 'bottom-start' }}
          className={classes.country}
          leftSection={<CountryFlag country={country} />}
          renderOption={({ option }) => (
            <span className={classes.option}>
              <CountryFlag country={phoneCountry(option.value)} />
              <span dir="auto">{option.label}</span>
            </span>
          )}
          data-testid={rest['data-testid'] ? `${rest['data-testid']}-country` : undefined}
          error={Boolean(shown)}
        />
        <Box dir="ltr" className={classes.number}>
        <TextInput
          id={id}
          dir="ltr"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={applyPhoneMask(country, value.digits)}
          placeholder={phonePlaceholder(country)}
          onChange={(event) => onChange(readPhoneInput(event.currentTarget.value, value.iso))}
          onBlur={() => setLeft(true)}
          disabled={disabled}
          error={Boolean(shown)}
          aria-invalid={Boolean(shown)}
          aria-describedby={[description ? `${id}-description` : '', shown ? `${id}-error` : ''].join(' ').trim() || undefined}
          leftSection={
            <Text size="sm" c="dimmed" aria-hidden="true">
              {country.code}
            </Text>
          }
          leftSectionWidth={country.code.length * 9 + 16}
          // Mantine aligns inputs by the page's direction; a phone number reads left to right everywhere.
          styles={{ input: { textAlign: 'left', direction: 'ltr' } }}
          data-testid={rest['data-testid']}
        />
        </Box>
      </Group>
    </Input.Wrapper>
  );
}
