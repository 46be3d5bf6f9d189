/**
 * Local midnight of the day `at` falls on in `timeZone` (IANA), as epoch ms. Days are cut in the
 * business's time zone at query time (docs/ARCHITECTURE.md); DST days are 23 or 25 hours long.
 */
export function startOfLocalDay(at: number, timeZone: string): number {
  const offset = zoneOffsetMs(at, timeZone);
  const local = at + offset;
  const midnightLocal = Math.floor(local / 86_400_000) * 86_400_000;
  // The offset at midnight may differ from the offset now (a DST change during the day).
  return midnightLocal - zoneOffsetMs(midnightLocal - offset, timeZone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds to add to UTC to get the wall-clock time of `timeZone` at `at`. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return 0;
    }
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}
