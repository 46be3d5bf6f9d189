import { fakeApi } from '@hive/shared/testing/fakeApi';
import { REWARDS_ENDPOINT, REWARDS_URL, rewardsApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(rewardsApi, data);

describe('the rewards API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(REWARDS_ENDPOINT.giftCards).toBe('giftcards');
    expect(REWARDS_URL.giftCardOptions).toBe('/api/backoffice/giftcards/options');
    expect(REWARDS_URL.loyalty).toBe('/api/backoffice/loyalty');
    expect(REWARDS_URL.loyaltyMember(7)).toBe('/api/backoffice/loyalty/customers/7');
  });

  it('issues a gift card and posts a balance action to the card', async () => {
    const { http, api } = fakeHttp({ id: 3, number: '1234' });
    const card = { amountCents: 2500, customerId: null, expiresOn: null, note: '' };
    await expect(api.issueGiftCard(card)).resolves.toEqual({ id: 3, number: '1234' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/giftcards', card);
    await api.giftCardAction(3, 'load', { amountCents: 1000, note: 'top-up' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/giftcards/3/load', {
      amountCents: 1000,
      note: 'top-up',
    });
    await api.giftCardAction(3, 'void', { reason: 'lost' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/giftcards/3/void', { reason: 'lost' });
  });

  it('puts the loyalty settings and posts a points adjustment for one member', async () => {
    const { http, api } = fakeHttp();
    const settings = { enabled: true, pointsPerUnit: 1, valuePer100Cents: 100, minRedeemPoints: 100 };
    await api.saveLoyaltySettings(settings);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/loyalty/settings', settings);
    await api.adjustPoints(7, { points: -50, reason: 'correction' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/loyalty/customers/7/adjust', {
      points: -50,
      reason: 'correction',
    });
  });
});
