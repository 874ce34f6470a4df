/** Whether the runtime's time-zone data knows the IANA zone (e.g. 'Europe/Paris'). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
