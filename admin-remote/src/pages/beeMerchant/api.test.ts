import { fakeApi } from '@hive/shared/testing/fakeApi';
import { BEE_MERCHANT_URL, beeMerchantApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(beeMerchantApi, data);

describe('the Bee merchant API', () => {
  it('names its endpoints under /api/admin', () => {
    expect(BEE_MERCHANT_URL.accounts).toBe('/api/admin/bee_merchant');
    expect(BEE_MERCHANT_URL.account(5)).toBe('/api/admin/bee_merchant/5');
  });

  it('posts the approval and the rejection with its reason', async () => {
    const { http, api } = fakeHttp();
    await api.approve(5);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/bee_merchant/5/approve', {});
    await api.reject(5, { reason: 'Payout account does not match' });
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/bee_merchant/5/reject', {
      reason: 'Payout account does not match',
    });
  });
});
