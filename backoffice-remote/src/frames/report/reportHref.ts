/**
 * `path` with the report's current query (`search`, without `?`) and some parameters changed: a
 * value sets one, null removes it. Links inside a report keep its period and filters this way.
 */
export function reportHref(path: string, search: string, changes: Record<string, string | number | null> = {}): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/** The frame's filters a figure's receipts share with its report (not the report's own). */
const FRAME_KEYS = ['location', 'employee'] as const;

/**
 * The transactions list filtered to the receipts behind a figure: the report's period as it was
 * read (its preset, or its days), its location and employee, and the figure's own filters. A
 * preset is kept by name so the list's chips say "Last 7 days", not two dates.
 */
export function receiptsHref(
  search: string,
  period: { preset: string; from: string; to: string },
  changes: Record<string, string | number | null> = {},
): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of FRAME_KEYS) {
    const value = current.get(key);
    if (value) kept.set(key, value);
  }
  const custom = period.preset === 'custom';
  return reportHref('/transaction', kept.toString(), {
    period: period.preset,
    from: custom ? period.from : null,
    to: custom ? period.to : null,
    ...changes,
  });
}

/** One day, or the days of a week or month bucket that fall within the period. */
export function bucketDays(
  date: string,
  group: string,
  period: { from: string; to: string },
): { from: string; to: string } {
  const start = new Date(`${date}T00:00:00Z`);
  let end = start;
  if (group === 'week') end = new Date(start.getTime() + 6 * 86_400_000);
  if (group === 'month') end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = date < period.from ? period.from : date;
  const to = iso(end) > period.to ? period.to : iso(end);
  return { from, to };
}
