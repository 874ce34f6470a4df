import { forwardRef, useEffect, useRef } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { normalizeNumberText } from './normalizeDigits.ts';

/**
 * A ref for a text field holding a number: digits typed, pasted or dropped on an Arabic or Persian keyboard
 * (٣٠, ۳۰) become Latin ones before the field reads them. Mantine's NumberInput (react-number-format) keeps
 * only Latin digits and would drop them without a word. The value is rewritten when the browser reports
 * the input, ahead of React, so the field sees 30 as if typed so; the caret stays in place (one character
 * for one).
 */
export function useLatinDigits(decimalSeparator = '.') {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const rewrite = (event: Event) => {
      // An input method still composing owns the text; it is rewritten once the composition ends.
      if ((event as InputEvent).isComposing) return;
      const typed = input.value;
      const latin = normalizeNumberText(typed, decimalSeparator);
      if (latin === typed || !setValue) return;
      const { selectionStart, selectionEnd } = input;
      // The prototype's setter, not the element's: React must still see the value as changed.
      setValue.call(input, latin);
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
    };
    const afterComposition = () => {
      if (normalizeNumberText(input.value, decimalSeparator) !== input.value) input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    // On the field itself: it runs before React's listener at the root hands the value to the form.
    input.addEventListener('input', rewrite);
    input.addEventListener('change', rewrite);
    input.addEventListener('compositionend', afterComposition);
    return () => {
      input.removeEventListener('input', rewrite);
      input.removeEventListener('change', rewrite);
      input.removeEventListener('compositionend', afterComposition);
    };
  }, [decimalSeparator]);
  return ref;
}

/** Mantine's NumberInput that also takes Arabic-Indic and Persian digits (useLatinDigits); same props. */
export const NumberField = forwardRef<HTMLInputElement, NumberInputProps>(function NumberField(props, ref) {
  const digits = useLatinDigits(props.decimalSeparator);
  return <NumberInput {...props} ref={useMergedRef(ref, digits)} />;
});
