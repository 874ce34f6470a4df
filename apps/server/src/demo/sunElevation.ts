const RAD = Math.PI / 180;

/**
 * Sine of the sun's elevation (negative at night) at a local minute of a day, from latitude,
 * longitude and the zone's UTC offset. Declination and hour angle only: good to a few minutes,
 * plenty for daylight and solar panels.
 */
export function sunElevation(latitude: number, longitude: number, dayOfYear: number, localMinute: number, offsetMinutes: number): number {
  const declination = 23.44 * RAD * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
  const solarMinute = localMinute - offsetMinutes + 4 * longitude;
  const hourAngle = (solarMinute / 4 - 180) * RAD;
  const lat = latitude * RAD;
  return Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle);
}
