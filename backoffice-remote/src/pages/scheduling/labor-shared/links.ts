import type { ReportPeriod } from '@hive/shared/schemas/backoffice/reports';

/**
 * The time clock (/attendancer) for exactly the period a report shows (as a custom range, so the
 * two pages agree whatever their default periods), with the report's location and employee.
 */
export function attendanceHref(
  period: Pick<ReportPeriod, 'from' | 'to'>,
  values: Record<string, string>,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ period: 'custom', from: period.from, to: period.to });
  if (values.location) query.set('location', values.location);
  if (values.employee) query.set('employee', values.employee);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `/attendancer?${query.toString()}`;
}

/** The weekly schedule of the sheet's location and day. */
export function scheduleHref(shown: { date: string; locationId: number } | undefined): string {
  if (!shown) return '/scheduling';
  return `/scheduling?${new URLSearchParams({ location: String(shown.locationId), week: shown.date }).toString()}`;
}
