import { formatTimestamp, type TimeZoneChoice } from './market-values.ts';

/** The instant the examples show when a field has no date of its own: 2026-11-24T23:30:05.250Z. */
const sampleTime = 1_795_563_005_250;

/** The zone's name as the examples write it after a time (and the parser reads it back). */
export function zoneWords(zone: TimeZoneChoice): string {
  return zone === 'utc' ? 'UTC' : 'local time';
}

/**
 * The forms a time field takes, each as an example on the field's date in its zone:
 * `23:30, 23:30:05.250, 2026-11-24 23:30:05 (UTC), 2026-11-24T23:30:05.250Z or Unix ms 1795563005250`.
 */
export function timeInputExamples(zone: TimeZoneChoice, reference: number | null = null): string {
  const time = reference ?? sampleTime;
  const shown = formatTimestamp(time, zone, 'ms');
  const iso = new Date(time).toISOString().replace('.000Z', 'Z');
  const dated = `${shown.slice(0, 19)} (${zoneWords(zone)}), ${iso} or Unix ms ${time}`;
  return reference === null ? dated : `${shown.slice(11, 16)}, ${shown.slice(11)}, ${dated}`;
}

/** A field's tooltip: the zone it reads and the forms it takes. */
export function timeInputHelp(zone: TimeZoneChoice, reference: number | null = null): string {
  return `A time in ${zoneWords(zone)}, such as ${timeInputExamples(zone, reference)}`;
}
