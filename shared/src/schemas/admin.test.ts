import { allAdminPermissionNames } from '@hive/shared/menu';
import {
  ADMIN_FIELD_MESSAGES,
  ADMIN_PERMISSION_NAMES,
  ALL_ADMIN_ACTIONS,
  adminMessageKey,
  couponSchema,
  listQuerySchema,
  rightsOf,
  roleMay,
} from './admin';

describe('admin contract', () => {
  it('rights: admin and dev everything, viewer / none / unknown nothing', () => {
    expect(rightsOf('super_admin')).toEqual(ALL_ADMIN_ACTIONS);
    expect(rightsOf('dev_admin')).toEqual(ALL_ADMIN_ACTIONS);
    expect(rightsOf('support')).toEqual(['users.lock', 'users.reset_link', 'support.write']);
    expect(rightsOf('billing')).toEqual(['companies.plan', 'coupons.write', 'base_prices.write']);
    expect(rightsOf('distributors')).toEqual(['companies.create', 'bee_merchant.write']);
    for (const role of ['viewer', null, undefined, 'ops', '']) expect(rightsOf(role)).toEqual([]);
    expect(roleMay(' Billing ', 'coupons.write')).toBe(true);
    expect(roleMay('billing', 'companies.status')).toBe(false);
  });

  it('the admin permissions are the admin menu permissions', () => {
    expect([...ADMIN_PERMISSION_NAMES].sort()).toEqual(allAdminPermissionNames().sort());
  });

  it('field messages map back to their keys (translation), other texts to null', () => {
    for (const [key, text] of Object.entries(ADMIN_FIELD_MESSAGES)) expect(adminMessageKey(text)).toBe(key);
    expect(adminMessageKey('Invalid input')).toBeNull();
    expect(adminMessageKey(undefined)).toBeNull();
  });

  it('coupon rules: percent whole 1..100, amount two decimals, dates in order', () => {
    const base = {
      code: 'ok-1',
      kind: 'percent',
      value: 10,
      validFrom: '2026-01-01',
      validTo: '2026-01-01',
      maxRedemptions: null,
      licenses: ['Retail'],
    };
    expect(couponSchema.parse(base).code).toBe('OK-1');
    const issue = (patch: object) => couponSchema.safeParse({ ...base, ...patch }).error?.issues[0];
    expect(issue({ value: 10.5 })?.path).toEqual(['value']);
    expect(issue({ kind: 'amount', value: 0.001 })?.message).toBe(ADMIN_FIELD_MESSAGES.amount);
    expect(couponSchema.safeParse({ ...base, kind: 'amount', value: 19.99 }).success).toBe(true);
    expect(issue({ validTo: '2025-12-31' })?.message).toBe(ADMIN_FIELD_MESSAGES.dateOrder);
    expect(issue({ validFrom: '2026-02-29' })?.message).toBe(ADMIN_FIELD_MESSAGES.date);
    expect(issue({ note: 'x' })?.code).toBe('unrecognized_keys');
  });

  it('list queries: defaults, strings from the query string, arrays refused', () => {
    expect(listQuerySchema.parse({})).toEqual({ q: '', page: 1, pageSize: 20 });
    expect(listQuerySchema.parse({ q: ' tea ', page: '3', pageSize: '50' })).toEqual({
      q: 'tea',
      page: 3,
      pageSize: 50,
    });
    expect(listQuerySchema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });
});
