import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_COUNTRIES, type PhoneCountry } from '@sitelens/domain';

export interface PhoneCountryOption {
  value: string;
  /** "Suisse (+41)", the code isolated left to right: searchable by name or calling code; the flag is drawn beside it. */
  label: string;
  country: PhoneCountry;
  name: string;
}

/** The listed countries named in the interface's language (the browser's region names), sorted by that name. */
export function usePhoneCountryOptions(): PhoneCountryOption[] {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    const collator = new Intl.Collator(lang);
    return PHONE_COUNTRIES.map((country) => {
      const name = names.of(country.iso) ?? country.name;
      // The calling code is isolated left to right: in Arabic "+41" would otherwise read "41+".
      return { value: country.iso, label: `${name} (\u2066${country.code}\u2069)`, country, name };
    }).sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
}
