import { money } from './format';

describe('money', () => {
  it("formats in the page's language, and plain figures for a currency Intl does not know", () => {
    expect(money(180, 'EUR', 'es')).toBe('1,80\u00a0€');
    expect(money(1250, 'USD', 'en')).toBe('$12.50');
    expect(money(1250, 'NOT-A-CURRENCY', 'en')).toBe('12.50');
  });

  it('builds one formatter per language and currency, not one per price', () => {
    const built = jest.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 100; i++) money(i, 'GBP', 'en');
    for (let i = 0; i < 100; i++) money(i, 'GBP', 'es');
    expect(built).toHaveBeenCalledTimes(2);
    built.mockRestore();
  });
});
