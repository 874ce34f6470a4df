/** Windows-1252's characters for the bytes 0x80 to 0x9F (the five it leaves undefined decode to C1 controls, as browsers and Node do). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const UTF8_BOM_READ_AS_1252 = /^(?:\uFEFF|ï»¿)+/;

/**
 * The key a receipt is stored under within its shop: its id as the file gave it, whatever encoding
 * the file was read in. A UTF-8 id read as Windows-1252 ("CafÃ©-7", a BOM read as "ï»¿") is repaired
 * to what its bytes said ("Café-7"), the text is put in Unicode's composed form (NFC, as macOS and
 * Windows may differ) and control characters are dropped, so a re-import replaces the receipt
 * instead of adding it. The same rule is the SQL function sales_receipt_key (migration 0034),
 * which keyed the receipts stored before it.
 */
export function salesReceiptKey(id: string): string {
  // eslint-disable-next-line no-control-regex
  let key = id.replace(UTF8_BOM_READ_AS_1252, '').replace(/[\u0000-\u001f\u007f]/g, '');
  if (/[^\t -~]/.test(key)) key = repairMojibake(key);
  return key.normalize('NFC');
}

/** The text UTF-8 bytes spell when they were decoded as Windows-1252; the text itself when they were not. */
function repairMojibake(text: string): string {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[i] = code;
    else {
      const high = CP1252_HIGH.indexOf(text[i]!);
      if (high < 0) return text;
      bytes[i] = 0x80 + high;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return text;
  }
}
