/**
 * Countries, currencies and time zones without zod or any library: sign-up (the shell's lazy
 * sign-up chunk), the settings schemas and the server read them. A country proposes a currency, a
 * time zone and how prices carry tax; the merchant may change all three.
 */

/** ISO 3166-1 alpha-2 codes (names come from Intl.DisplayNames in the user's language). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return COUNTRIES.has(value);
}

let currencies: string[] | null = null;
/**
 * ISO 4217 currencies with two minor digits (cents): every amount is stored in hundredths, so a
 * currency without cents (JPY) or with thousandths (KWD) is not offered.
 */
export function supportedCurrencies(): string[] {
  if (currencies === null) {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD', 'EUR'];
    currencies = all.filter((code) => {
      try {
        const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions();
        return digits.maximumFractionDigits === 2;
      } catch {
        return false;
      }
    });
  }
  return currencies;
}

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** IANA time zones for a picker (UTC first). */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/**
 * How a company's prices carry tax, the type its new tax rates start with: VAT countries show
 * prices with the tax `included`; US and Canadian shelves show them before tax, which is `added`.
 */
export const TAX_MODES = ['included', 'added'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export interface CountryDefaults {
  currency: string;
  /** The country's main (most populated) zone: a proposal, changed for e.g. the Canaries. */
  timezone: string;
  taxMode: TaxMode;
}

const row = (currency: string, timezone: string, taxMode: TaxMode = 'included'): CountryDefaults => ({
  currency,
  timezone,
  taxMode,
});

/** Common countries; any other keeps what the form proposed before (all of it changeable). */
const DEFAULTS: Readonly<Record<string, CountryDefaults>> = {
  ES: row('EUR', 'Europe/Madrid'),
  US: row('USD', 'America/New_York', 'added'),
  CA: row('CAD', 'America/Toronto', 'added'),
  MX: row('MXN', 'America/Mexico_City'),
  AR: row('ARS', 'America/Argentina/Buenos_Aires'),
  PE: row('PEN', 'America/Lima'),
  EC: row('USD', 'America/Guayaquil'),
  UY: row('UYU', 'America/Montevideo'),
  DO: row('DOP', 'America/Santo_Domingo'),
  GT: row('GTQ', 'America/Guatemala'),
  CR: row('CRC', 'America/Costa_Rica'),
  PR: row('USD', 'America/Puerto_Rico', 'added'),
  BR: row('BRL', 'America/Sao_Paulo'),
  GB: row('GBP', 'Europe/London'),
  IE: row('EUR', 'Europe/Dublin'),
  PT: row('EUR', 'Europe/Lisbon'),
  FR: row('EUR', 'Europe/Paris'),
  DE: row('EUR', 'Europe/Berlin'),
  IT: row('EUR', 'Europe/Rome'),
  NL: row('EUR', 'Europe/Amsterdam'),
  BE: row('EUR', 'Europe/Brussels'),
  AT: row('EUR', 'Europe/Vienna'),
  CH: row('CHF', 'Europe/Zurich'),
  AU: row('AUD', 'Australia/Sydney'),
  NZ: row('NZD', 'Pacific/Auckland'),
};

/** What a country proposes, or undefined for a country outside the table. */
export function countryDefaults(country: string): CountryDefaults | undefined {
  return Object.hasOwn(DEFAULTS, country) ? DEFAULTS[country] : undefined;
}

/** The country a sign-up form starts with in each language. */
export const COUNTRY_OF_LANGUAGE: Readonly<Record<string, string>> = { en: 'US', es: 'ES' };

/** The first location's name, in the company's language (its data afterwards: renamed, never translated). */
export const FIRST_LOCATION_NAME: Readonly<Record<string, string>> = { en: 'Main location', es: 'Local principal' };
