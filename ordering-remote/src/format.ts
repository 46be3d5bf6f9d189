export function money(cents: number, currency: string, lng: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return (cents / 100).toFixed(2);
  }
}

/** A pickup time in the store's zone: "Today 18:30" style via weekday + time. */
export function pickupLabel(ms: number, timeZone: string, lng: string): string {
  try {
    return new Intl.DateTimeFormat(lng, { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString();
  }
}
