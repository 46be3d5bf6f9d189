import { allBackofficePermissionNames } from '@hive/shared/menu';
import {
  DEFAULT_REGISTER_RIGHTS,
  defaultRolePermissions,
  effectivePermissions,
  employeeInputSchema,
  newEmployeeInputSchema,
  overridesInputSchema,
  pinChangeSchema,
  PIN_MADE_UP,
  positionInputSchema,
  roleInputSchema,
} from './team';

const employee = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: '',
  phone: '',
  positionId: null,
  hourlyRateCents: null,
  role: 'user',
  allLocations: true,
  locationIds: [],
  active: true,
  ...extra,
});

describe('role defaults and effective permissions', () => {
  it('admins and managers start with every page, users with the overview', () => {
    const all = [...allBackofficePermissionNames()].sort();
    expect(defaultRolePermissions('admin')).toEqual(all);
    expect(defaultRolePermissions('manager')).toEqual(all);
    expect(defaultRolePermissions('user')).toEqual(['view_overview_menu']);
    expect(DEFAULT_REGISTER_RIGHTS.user.refunds).toBe(false);
  });

  it('is the role plus the granted minus the revoked, sorted', () => {
    expect(
      effectivePermissions(['view_items_menu', 'view_customer_menu'], {
        granted: ['view_taxes_menu', 'view_items_menu'],
        revoked: ['view_customer_menu', 'view_stock_menu'],
      }),
    ).toEqual(['view_items_menu', 'view_taxes_menu']);
  });
});

describe('team schemas', () => {
  it('a PIN is never chosen: a pin in the body is refused, with the field named', () => {
    expect(pinChangeSchema.parse({})).toEqual({});
    for (const pin of ['1234', '', 1234, null]) {
      const result = pinChangeSchema.safeParse({ pin });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['pin']);
      expect(result.error!.issues[0]!.message).toBe(PIN_MADE_UP);
      expect(newEmployeeInputSchema.safeParse(employee({ pin })).success).toBe(false);
    }
    expect(newEmployeeInputSchema.parse(employee()).pin).toBeUndefined();
  });

  it('an employee works at all locations or at chosen ones', () => {
    expect(employeeInputSchema.parse(employee({ locationIds: [3] })).locationIds).toEqual([]);
    expect(employeeInputSchema.parse(employee({ allLocations: false, locationIds: [3, 4] })).locationIds).toEqual([
      3, 4,
    ]);
    expect(employeeInputSchema.safeParse(employee({ allLocations: false, locationIds: [3, 3] })).success).toBe(false);
    const none = employeeInputSchema.safeParse(employee({ allLocations: false, locationIds: [] }));
    expect(none.error!.issues[0]!.path).toEqual(['locationIds']);
    expect(employeeInputSchema.safeParse(employee({ role: 'owner' })).success).toBe(false);
    expect(employeeInputSchema.safeParse(employee({ hourlyRateCents: 12.5 })).success).toBe(false);
  });

  it('positions have a name, a rate in cents and a colour', () => {
    expect(positionInputSchema.parse({ name: ' Cook ', hourlyRateCents: 1850, color: '#aa0011' })).toEqual({
      name: 'Cook',
      hourlyRateCents: 1850,
      color: '#aa0011',
    });
    expect(positionInputSchema.safeParse({ name: 'Cook', hourlyRateCents: -1, color: '#aa0011' }).success).toBe(false);
    expect(positionInputSchema.safeParse({ name: 'Cook', hourlyRateCents: 100, color: 'red' }).success).toBe(false);
  });

  it('roles and overrides name menu permissions only; a permission is not granted and revoked at once', () => {
    const rights = { refunds: true, discounts: true, openDrawer: false, void: false };
    expect(
      roleInputSchema.parse({
        permissions: ['view_items_menu', 'view_customer_menu', 'view_items_menu'],
        registerRights: rights,
      }).permissions,
    ).toEqual(['view_customer_menu', 'view_items_menu']);
    expect(roleInputSchema.safeParse({ permissions: ['view_companies_menu'], registerRights: rights }).success).toBe(
      false,
    );
    expect(overridesInputSchema.safeParse({ granted: ['view_items_menu'], revoked: [] }).success).toBe(true);
    const both = overridesInputSchema.safeParse({ granted: ['view_items_menu'], revoked: ['view_items_menu'] });
    expect(both.error!.issues[0]!.path).toEqual(['revoked']);
  });
});
