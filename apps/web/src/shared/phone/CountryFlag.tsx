import type { PhoneCountry } from '@sitelens/domain';
import { flagEmojiSupported } from './flagEmojiSupported.ts';
import classes from './PhoneInput.module.css';

/** The country's flag emoji, or its ISO letters in a small tag where the system has no flag glyphs. */
export function CountryFlag({ country }: { country: PhoneCountry }) {
  if (flagEmojiSupported()) {
    return (
      <span className={classes.flag} aria-hidden="true">
        {country.flag}
      </span>
    );
  }
  return (
    <span className={classes.iso} aria-hidden="true">
      {country.iso}
    </span>
  );
}
