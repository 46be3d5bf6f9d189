/**
 * Team (menu area "team"), the staff part: employees (/employees), job positions (/positions), the
 * company's roles with the permissions and register rights each grants (/roles) and per-user
 * overrides on top of the role (/permissions). Schemas shared by the forms and the server, the
 * answer types, and the pure rules both sides apply (defaults, effective permissions).
 *
 * Money here is integer minor units (`...Cents`), like the reports and the payroll built on them.
 */
import { z } from 'zod';
import { BACKOFFICE_ROLES, type BackofficeRole } from '@hive/shared/config';
import { allBackofficePermissionNames, type MenuItem, type PermissionNode } from '@hive/shared/menu';
import {
  LIMITS,
  createListQuerySchema,
  emailSchema,
  englishMessages,
  flagSchema,
  idChoiceSchema,
  idListSchema,
  integerSchema,
  phoneSchema,
  textSchema,
  type ValidationMessages,
} from './common';
import type { LocationOption } from './settings';

export const TEAM_LIMITS = {
  positionNameMax: 60,
  /** 10,000.00 an hour. */
  hourlyRateMaxCents: 1_000_000,
  employeeLocationsMax: 200,
  /** Permissions named in one role or one override list (the menu has 53 pages). */
  permissionsMax: 200,
} as const;

/** A register PIN: 4 to 6 digits, unique within the company, always made up by the server. */
export const PIN_PATTERN = /^\d{4,6}$/;

const COLOR = /^#[0-9a-fA-F]{6}$/;

// ---------------------------------------------------------------------------------------------
// Roles, permissions and register rights: the rules

/**
 * The admin role always grants these (a company must not lock itself out of the pages that
 * give access back): removing one from the admin role, or leaving no active admin holding both,
 * is refused with a 409.
 */
export const LOCKED_ADMIN_PERMISSIONS = ['view_roles_menu', 'view_permissions_menu'] as const;

/** What a role allows on the registers (sent to them with each employee in `config`). */
export const REGISTER_RIGHTS = ['refunds', 'discounts', 'openDrawer', 'void'] as const;
export type RegisterRight = (typeof REGISTER_RIGHTS)[number];
export type RegisterRights = Record<RegisterRight, boolean>;

/** Every company starts with these register rights per role. */
export const DEFAULT_REGISTER_RIGHTS: Readonly<Record<BackofficeRole, RegisterRights>> = {
  admin: { refunds: true, discounts: true, openDrawer: true, void: true },
  manager: { refunds: true, discounts: true, openDrawer: true, void: true },
  user: { refunds: false, discounts: true, openDrawer: false, void: false },
};

/**
 * The back-office permissions each role grants when a company starts. Admins and managers get every
 * page of the menu (as the demo managers always had); a user gets the overview, the one page the
 * menu shows that role. A company changes its roles on /roles and single users on /permissions.
 */
export function defaultRolePermissions(role: BackofficeRole): string[] {
  if (role === 'user') return ['view_overview_menu'];
  return [...allBackofficePermissionNames()].sort();
}

export interface PermissionOverrides {
  /** Held whatever the role says. */
  granted: readonly string[];
  /** Not held whatever the role says. */
  revoked: readonly string[];
}

/** The permissions a user holds: the role's, plus the granted ones, minus the revoked ones. Sorted. */
export function effectivePermissions(roleSet: readonly string[], overrides: PermissionOverrides): string[] {
  const held = new Set([...roleSet, ...overrides.granted]);
  for (const name of overrides.revoked) held.delete(name);
  return [...held].sort();
}

// ---------------------------------------------------------------------------------------------
// Field rules

/**
 * PINs are made up by the server, never chosen: a chosen PIN refused as taken told whoever chose it
 * that another employee has that PIN. A `pin` in a body is refused rather than ignored.
 */
export const PIN_MADE_UP = 'PINs are made up by the server: send no pin';
const noChosenPin = z.undefined({ error: PIN_MADE_UP }).optional();

export const roleSchema = (m: ValidationMessages) => z.enum(BACKOFFICE_ROLES, { error: m('invalidChoice') });

const colorSchema = (m: ValidationMessages) =>
  z
    .string({ error: m('invalidColor') })
    .trim()
    .regex(COLOR, m('invalidColor'));

const rateSchema = (m: ValidationMessages) => integerSchema(m, { min: 0, max: TEAM_LIMITS.hourlyRateMaxCents });

/** Distinct back-office permission names of the menu (an unknown name reads as "choose one"). */
export const permissionListSchema = (m: ValidationMessages) => {
  const known = new Set(allBackofficePermissionNames());
  return z
    .array(z.string({ error: m('invalidChoice') }), { error: m('invalidChoice') })
    .max(TEAM_LIMITS.permissionsMax, m('tooMany', { max: TEAM_LIMITS.permissionsMax }))
    .refine((names) => names.every((name) => known.has(name)), m('invalidChoice'))
    .transform((names) => [...new Set(names)].sort());
};

// ---------------------------------------------------------------------------------------------
// Positions (/positions)

export function createPositionSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, TEAM_LIMITS.positionNameMax, { required: true }),
    /** The rate of an employee in this position who has no rate of their own. */
    hourlyRateCents: rateSchema(m),
    color: colorSchema(m),
  });
}
export const positionInputSchema = createPositionSchema();
export type PositionInput = z.output<typeof positionInputSchema>;

export const POSITION_SORTS = ['name', 'hourlyRate', 'employeeCount'] as const;
export type PositionSort = (typeof POSITION_SORTS)[number];
export const positionListQuerySchema = createListQuerySchema(POSITION_SORTS);

export interface Position extends PositionInput {
  id: number;
  /** Employees in this position (a position in use is not deleted). */
  employeeCount: number;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// Employees (/employees)

function employeeFields(m: ValidationMessages) {
  return {
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    /** Contact address; also where a back-office invitation goes. */
    email: emailSchema(m),
    phone: phoneSchema(m),
    positionId: idChoiceSchema(m).nullable(),
    /** Own rate, or null to use the position's. */
    hourlyRateCents: rateSchema(m).nullable(),
    /** Register rights come from the role; with back-office access it is also the user's role. */
    role: roleSchema(m),
    /** Where the employee may sign in on a register. */
    allLocations: flagSchema(m),
    locationIds: idListSchema(m, TEAM_LIMITS.employeeLocationsMax),
    /** An inactive employee signs in on no register (and has no back-office access). */
    active: flagSchema(m),
  };
}

function refineEmployee<T extends { allLocations: boolean; locationIds: number[] }>(
  schema: z.ZodType<T>,
  m: ValidationMessages,
) {
  return schema
    .superRefine((employee, ctx) => {
      if (!employee.allLocations && employee.locationIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['locationIds'], message: m('chooseLocations') });
      }
    })
    .transform((employee) => ({
      ...employee,
      // Stored normalised: all locations means no list.
      locationIds: employee.allLocations ? [] : [...new Set(employee.locationIds)],
    }));
}

/** Edit: the PIN is not part of it (it has its own action, and is never read back). */
export function createEmployeeSchema(m: ValidationMessages = englishMessages) {
  return refineEmployee(z.object(employeeFields(m)), m);
}

/** Create: the server makes up the PIN and answers it once. */
export function createNewEmployeeSchema(m: ValidationMessages = englishMessages) {
  return refineEmployee(z.object({ ...employeeFields(m), pin: noChosenPin }), m);
}

export const employeeInputSchema = createEmployeeSchema();
export const newEmployeeInputSchema = createNewEmployeeSchema();
export type EmployeeInput = z.output<typeof employeeInputSchema>;
export type NewEmployeeInput = z.output<typeof newEmployeeInputSchema>;

/** `POST /employees/:id/pin`: `{}`; the server makes up the new PIN and answers it once. */
export const pinChangeSchema = z.object({ pin: noChosenPin });

/**
 * `POST /employees/pins/reset` (admins): new PINs for the employees named, or every active one
 * (`"all"`); the answer shows them once. After a register or its configuration was lost.
 */
export const PIN_RESET_MAX = 500;
export const pinResetSchema = z.object({
  employeeIds: z.union([z.literal('all'), z.array(z.int().positive()).min(1).max(PIN_RESET_MAX)], {
    error: `send "all" or a list of 1 to ${PIN_RESET_MAX} employee ids`,
  }),
});

export interface PinResetResult {
  pins: { employeeId: number; name: string; pin: string }[];
}

/** `POST /employees/:id/invite`: back-office access with this role, invitation to the employee's e-mail. */
export function createInviteSchema(m: ValidationMessages = englishMessages) {
  return z.object({ role: roleSchema(m) });
}
export const inviteSchema = createInviteSchema();

export const EMPLOYEE_SORTS = ['name', 'position', 'role', 'hourlyRate', 'active'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];
export const EMPLOYEE_STATUSES = ['all', 'active', 'inactive'] as const;
export const employeeListQuerySchema = createListQuerySchema(EMPLOYEE_SORTS).extend({
  status: z
    .enum(EMPLOYEE_STATUSES, { error: `must be one of ${EMPLOYEE_STATUSES.join(', ')}` })
    .optional()
    .transform((v) => v ?? 'all'),
});

/** invited: the invitation is out (no password chosen yet); disabled: access was taken away. */
export type BackOfficeStatus = 'invited' | 'active' | 'disabled';

export interface BackOfficeAccess {
  userId: number;
  /** The address the user signs in with (the one invited). */
  email: string;
  role: BackofficeRole;
  status: BackOfficeStatus;
}

export interface Employee {
  id: number;
  name: string;
  email: string;
  phone: string;
  positionId: number | null;
  positionName: string | null;
  positionColor: string | null;
  /** Own rate (null: the position's). */
  hourlyRateCents: number | null;
  /** What the hours are paid at: own rate, else the position's, else null. */
  effectiveHourlyRateCents: number | null;
  role: BackofficeRole;
  allLocations: boolean;
  locationIds: number[];
  active: boolean;
  /** When the PIN was last set (the PIN itself is never read back). */
  pinUpdatedAt: number;
  /** Who set it (the e-mail of the account; null: set with the demo data, or before changes were recorded). */
  pinUpdatedBy: string | null;
  backOffice: BackOfficeAccess | null;
  /** Sales, refunds or shifts name the employee: deactivate rather than delete. */
  hasHistory: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The answer that carries a PIN: once, right after it was set or made up. */
export interface EmployeeWithPin {
  employee: Employee;
  pin: string;
}

export interface PositionOption {
  id: number;
  name: string;
  color: string;
  hourlyRateCents: number;
}

export interface EmployeeOptions {
  locations: LocationOption[];
  positions: PositionOption[];
  /** Roles the signed-in user may give (only an admin makes admins). */
  assignableRoles: BackofficeRole[];
}

// ---------------------------------------------------------------------------------------------
// Roles (/roles)

export function createRoleInputSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    permissions: permissionListSchema(m),
    registerRights: z.object({
      refunds: flagSchema(m),
      discounts: flagSchema(m),
      openDrawer: flagSchema(m),
      void: flagSchema(m),
    }),
  });
}
export const roleInputSchema = createRoleInputSchema();
export type RoleInput = z.output<typeof roleInputSchema>;

export interface RoleInfo {
  role: BackofficeRole;
  /** The `view_*_menu` permissions the role grants (sorted). */
  permissions: string[];
  registerRights: RegisterRights;
  /** Permissions that can show a page to this role under the company's plan (other cells open nothing). */
  reachable: string[];
  /** Permissions this role cannot lose (the admin role's access to /roles and /permissions). */
  locked: string[];
  /** What the role granted when the company started (the "reset" target). */
  defaults: { permissions: string[]; registerRights: RegisterRights };
  /** Back-office users with this role. */
  userCount: number;
  /** Whether the signed-in user may change this role (only an admin changes the admin role). */
  editable: boolean;
}

/** Both menus as permission trees (grouped like the sidebar), the rights, and the three roles. */
export interface RolesAnswer {
  menu: { main: PermissionNode[]; bottom: PermissionNode[] };
  registerRights: readonly RegisterRight[];
  roles: RoleInfo[];
}

/** After a change: the role, and how many users' menus changed (their profile was bumped). */
export interface RoleChangeAnswer extends RoleInfo {
  changedUsers: number;
}

// ---------------------------------------------------------------------------------------------
// Per-user overrides (/permissions)

export function createOverridesSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      /** Optional: a new role for the user (with the overrides kept on top of it). */
      role: roleSchema(m).optional(),
      granted: permissionListSchema(m),
      revoked: permissionListSchema(m),
    })
    .superRefine((input, ctx) => {
      const granted = new Set(input.granted);
      if (input.revoked.some((name) => granted.has(name))) {
        ctx.addIssue({ code: 'custom', path: ['revoked'], message: m('invalidChoice') });
      }
    });
}
export const overridesInputSchema = createOverridesSchema();
export type OverridesInput = z.output<typeof overridesInputSchema>;

export const ACCESS_SORTS = ['email', 'role'] as const;
export const accessListQuerySchema = createListQuerySchema(ACCESS_SORTS);

export type UserStatus = 'active' | 'invited' | 'disabled' | 'pending';

/** One back-office user of the company (the /permissions list). */
export interface UserAccessSummary {
  userId: number;
  email: string;
  role: BackofficeRole;
  status: UserStatus;
  employeeId: number | null;
  employeeName: string | null;
  grantedCount: number;
  revokedCount: number;
}

/** One user's access: the role's set, the overrides, and the result as the menu they will see. */
export interface UserAccess {
  user: UserAccessSummary;
  /** The role's permissions. */
  rolePermissions: string[];
  granted: string[];
  revoked: string[];
  /** What the user holds: what the session and the server's page rule read. */
  effective: string[];
  /** `visibleMenu` of both menus for this user with the company's licence and add-ons. */
  menu: { main: MenuItem[]; bottom: MenuItem[] };
  /** The paths of that menu, in order: the pages (and their APIs) the user can open. */
  visiblePaths: string[];
  /** Whether the signed-in user may change this user's overrides or role. */
  editable: boolean;
}
