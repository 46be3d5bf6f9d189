import { OFFERS_ENDPOINT, OFFERS_URL } from './api';

describe('the offers API', () => {
  it('names its collections and the options both forms read', () => {
    expect(OFFERS_ENDPOINT).toEqual({ discounts: 'discounts', promotions: 'promotions' });
    expect(OFFERS_URL.discountOptions).toBe('/api/backoffice/discounts/options');
  });
});
