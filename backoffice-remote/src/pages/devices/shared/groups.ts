import type { LocationOption } from '@hive/shared/schemas/backoffice/settings';

export interface LocationGroup<T> {
  /** Null: rows whose location was deleted (move them to another one). */
  location: LocationOption | null;
  rows: T[];
}

/**
 * Rows per location, in the locations' order (by name, as the server lists them); rows of a
 * location missing from the list (deleted) come last, together. Locations without rows are left out.
 */
export function groupByLocation<T extends { locationId: number | null }>(
  rows: readonly T[],
  locations: readonly LocationOption[],
): LocationGroup<T>[] {
  const known = new Set(locations.map((l) => l.id));
  const groups: LocationGroup<T>[] = locations
    .map((location) => ({ location, rows: rows.filter((r) => r.locationId === location.id) }))
    .filter((g) => g.rows.length > 0);
  const orphans = rows.filter((r) => r.locationId === null || !known.has(r.locationId));
  if (orphans.length > 0) groups.push({ location: null, rows: orphans });
  return groups;
}
