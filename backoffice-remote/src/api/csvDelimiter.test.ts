import { csvDelimiter } from './download';

describe('csvDelimiter', () => {
  it('asks for semicolons (and decimal commas) in Spanish, the default comma otherwise', () => {
    expect(csvDelimiter('es')).toBe('semicolon');
    expect(csvDelimiter('es-MX')).toBe('semicolon');
    expect(csvDelimiter('en')).toBeUndefined();
    expect(csvDelimiter(undefined)).toBeUndefined();
  });
});
