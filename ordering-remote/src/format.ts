/**
 * One formatter per language and currency: building an Intl.NumberFormat costs far more than using
 * one, and a menu formats hundreds of prices (it was the store page's largest script cost on a phone).
 */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

export function money(cents: number, currency: string, lng: string): string {
  const key = `${lng}|${currency}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(lng, { style: 'currency', currency });
    } catch {
      format = null; // an unknown currency or language: plain figures
    }
    moneyFormats.set(key, format);
  }
  return format ? format.format(cents / 100) : (cents / 100).toFixed(2);
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
