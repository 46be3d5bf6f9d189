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
