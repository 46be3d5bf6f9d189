import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@hive/shared/config';

/*
 * What every e-mail is written with: the recipient's language (the user's for account mails, the
 * company's for documents sent to people outside it), that language's way of writing money and
 * dates, and links that open from a mailbox. The server has no i18next: each mail keeps its texts
 * in one table with a function per language (auth/mailTexts.ts, sales/invoiceText.ts,
 * inventory/purchaseOrderText.ts).
 */

export type MailLanguage = Language;
export const MAIL_LANGUAGES = LANGUAGES;

/** A stored language as a mail language: anything unknown (an old or hand-edited row) is English. */
export function mailLanguage(value: unknown): MailLanguage {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** One text per language; a missing language fails to compile rather than falling back in silence. */
export type MailTexts<P> = Record<MailLanguage, (params: P) => { subject: string; body: string }>;

export interface MailFormats {
  /** Minor units in the company's currency: "$1,500.00" / "1500,00 €". */
  money(cents: number): string;
  /** A plain number (quantities, rates): "12.5" / "12,5". */
  number(value: number, maxFractionDigits?: number): string;
  /** A calendar day (`YYYY-MM-DD`): "March 9, 2026" / "9 de marzo de 2026". */
  day(iso: string): string;
  /** An instant, as its day in `timeZone`. */
  dayOf(ms: number, timeZone: string): string;
}

export function mailFormats(language: MailLanguage, currency: string): MailFormats {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (value: number, maxFractionDigits = 2) => {
    let format = numbers.get(maxFractionDigits);
    if (!format) {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: maxFractionDigits });
      numbers.set(maxFractionDigits, format);
    }
    return format.format(value);
  };
  const long = (timeZone: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone });
  const utcDay = long('UTC');
  return {
    money: (cents) => money.format(cents / 100),
    number,
    day: (iso) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      return utcDay.format(Date.UTC(y, m - 1, d));
    },
    dayOf: (ms, timeZone) => long(timeZone).format(ms),
  };
}

/**
 * A link for an e-mail: the public origin (PUBLIC_URL, or the development default) and a path.
 * A site-relative link opens nothing from a mailbox, so an origin that is not absolute is a bug.
 */
export function absoluteLink(publicUrl: string, path: string): string {
  if (!/^https?:\/\/[^/]+$/.test(publicUrl)) throw new Error(`mail links need an absolute origin (got "${publicUrl}")`);
  return `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
