import {
  COUNTRY_CODES,
  COUNTRY_OF_LANGUAGE,
  FIRST_LOCATION_NAME,
  TAX_MODES,
  countryDefaults,
  isCountryCode,
  isTimeZone,
  supportedCurrencies,
} from './countries';

describe('country defaults', () => {
  it('Spain: euros, Madrid, prices with VAT included; the US: dollars, a US zone, sales tax added', () => {
    expect(countryDefaults('ES')).toEqual({ currency: 'EUR', timezone: 'Europe/Madrid', taxMode: 'included' });
    expect(countryDefaults('US')).toEqual({ currency: 'USD', timezone: 'America/New_York', taxMode: 'added' });
    expect(countryDefaults('MX')).toEqual({ currency: 'MXN', timezone: 'America/Mexico_City', taxMode: 'included' });
    expect(countryDefaults('GB')?.currency).toBe('GBP');
  });

  it('proposes only what the app accepts: a known country, a currency with cents, a zone the runtime knows', () => {
    for (const code of COUNTRY_CODES) {
      const proposed = countryDefaults(code);
      if (!proposed) continue;
      expect(supportedCurrencies()).toContain(proposed.currency);
      expect(isTimeZone(proposed.timezone)).toBe(true);
      expect(TAX_MODES).toContain(proposed.taxMode);
    }
    for (const country of Object.values(COUNTRY_OF_LANGUAGE)) expect(countryDefaults(country)).toBeDefined();
  });

  it('has nothing for an unknown or inherited key', () => {
    expect(countryDefaults('XX')).toBeUndefined();
    expect(countryDefaults('toString')).toBeUndefined();
    expect(isCountryCode('ES')).toBe(true);
    expect(isCountryCode('es')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
  });

  it('names the first location in each language', () => {
    expect(FIRST_LOCATION_NAME).toEqual({ en: 'Main location', es: 'Local principal' });
  });
});
