export function money(cents: number, currency: string, lng: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return (cents / 100).toFixed(2);
  }
}

/**
 * A pickup time in the store's zone, weekday and clock time in the language's one time format
 * (the back office's too, no seconds): "Fri 11:30 AM", "vie 11:30". The storefront's one date
 * and time formatter: its pages format times only through it.
 */
export function pickupLabel(ms: number, timeZone: string, lng: string): string {
  try {
    return new Intl.DateTimeFormat(lng, { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(ms);
  } catch {
    // An unknown store zone is refused when saved; a stored one still shows, in UTC, and says so.
    console.error(`unknown time zone ${JSON.stringify(timeZone)}: pickup times shown in UTC`);
    return new Intl.DateTimeFormat(lng, {
      timeZone: 'UTC',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(ms);
  }
}
