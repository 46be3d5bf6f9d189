import { fakeApi } from '@hive/shared/testing/fakeApi';
import { COUPONS_URL, couponsApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(couponsApi, data);

const COUPON = {
  code: 'SPRING10',
  kind: 'percent' as const,
  value: 10,
  validFrom: '2026-03-01',
  validTo: '2026-05-31',
  maxRedemptions: null,
  licenses: ['Retail' as const],
};

describe('the coupons API', () => {
  it('names its endpoints under /api/admin', () => {
    expect(COUPONS_URL.coupons).toBe('/api/admin/coupons');
    expect(COUPONS_URL.coupon(2)).toBe('/api/admin/coupons/2');
  });

  it('posts a new coupon, puts an edited one, posts the deactivation', async () => {
    const { http, api } = fakeHttp();
    await api.createCoupon(COUPON);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/coupons', COUPON);
    await api.saveCoupon(2, COUPON);
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/coupons/2', COUPON);
    await api.deactivate(2);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/coupons/2/deactivate', {});
  });
});
