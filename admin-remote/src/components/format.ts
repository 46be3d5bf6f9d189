/** Display helpers; the language comes from i18next so es users get es formats. */
export function formatDate(iso: string | null | undefined, lng: string): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, {
    dateStyle: 'medium',
    ...(iso.length === 10 ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

export function formatDateTime(iso: string | null | undefined, lng: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatMoney(value: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD' }).format(value);
}
