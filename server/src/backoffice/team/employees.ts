import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { BACKOFFICE_ROLES, type BackofficeRole } from '@hive/shared/config';
import {
  employeeInputSchema,
  employeeListQuerySchema,
  inviteSchema,
  newEmployeeInputSchema,
  pinChangeSchema,
  type BackOfficeAccess,
  type Employee,
  type EmployeeInput,
  type EmployeeOptions,
  type EmployeeSort,
  type EmployeeWithPin,
} from '@hive/shared/schemas/backoffice/team';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import { type AuthContext, issueInvitation, INVITED_PASSWORD_HASH, normalizeEmail } from '../../auth';
import { isUniqueViolation } from '../../db';
import type { Database } from '../../database';
import { HttpError, parseOrThrow } from '../../http';
import { allowMails } from '../../outbox';
import {
  merchantOf,
  requirePage,
  type Merchant,
  containsPattern,
  fieldProblem,
  idParam,
  ilike,
  noStore,
  notFound,
  orderBy,
  refused,
} from '../common';
import { locationOptions } from '../devices';
import {
  actorOf,
  applyAccess,
  assertMayTouchRole,
  assertUserChangeHeld,
  disableUser,
  isAdminActor,
  isRole,
  overridesOfUser,
  setUserRole,
  withAccessChange,
  type Actor,
} from './access';
import { userStatusOf } from './permissions';
import { hashPin, newPin, pinCost, pinKeyOf, pinLookup, pinTaken, type PinKey } from './pins';
import { positionOptions } from './positions';

const PAGE = '/employees';
type Db = Kysely<Database> | Transaction<Database>;

const emptyBody = z.object({}).strict();

/** The company's employees a register may sign in (name and PIN hash), in name order. */
export async function activeEmployees(db: Db, companyId: number) {
  return db
    .selectFrom('employees')
    .select(['id', 'name', 'pin_hash'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

const SORT_COLUMNS: Record<EmployeeSort, string> = {
  name: 'lower(e.name)',
  position: 'lower(p.name)',
  role: 'e.role',
  hourlyRate: 'coalesce(e.hourly_rate_cents, p.hourly_rate_cents)',
  active: 'e.active',
};

type EmployeeFilter = { search: string; status: 'all' | 'active' | 'inactive' };

function baseQuery(db: Db, companyId: number, q: EmployeeFilter) {
  let query = db
    .selectFrom('employees as e')
    .leftJoin('job_positions as p', 'p.id', 'e.position_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where('e.company_id', '=', companyId);
  if (q.search) {
    const pattern = containsPattern(q.search);
    query = query.where((eb) =>
      eb.or([ilike('e.name', pattern), ilike('e.email', pattern), ilike('e.phone', pattern)]),
    );
  }
  if (q.status !== 'all') query = query.where('e.active', '=', q.status === 'active' ? 1 : 0);
  return query;
}

function selectEmployees(db: Db, companyId: number, q: EmployeeFilter = { search: '', status: 'all' }) {
  return baseQuery(db, companyId, q).select([
    'e.id',
    'e.name',
    'e.email',
    'e.phone',
    'e.position_id',
    'p.name as position_name',
    'p.color as position_color',
    'p.hourly_rate_cents as position_rate',
    'e.hourly_rate_cents',
    'e.role',
    'e.all_locations',
    'e.active',
    'e.pin_updated_at',
    'e.user_id',
    'u.email as user_email',
    'u.role as user_role',
    'u.status as user_status',
    'u.password_hash as user_password',
    'e.created_at',
    'e.updated_at',
    // Sales, refunds, cash movements or shifts name the employee: the row must stay.
    sql<number>`(case when exists (select 1 from receipts r where r.employee_id = e.id)
      or exists (select 1 from shifts s where s.opened_by = e.id or s.closed_by = e.id)
      or exists (select 1 from cash_movements c where c.employee_id = e.id) then 1 else 0 end)`.as('has_history'),
  ]);
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof selectEmployees>['executeTakeFirstOrThrow']>>;

const roleOf = (value: string | null | undefined): BackofficeRole => (isRole(value) ? value : 'user');

function toEmployee(row: EmployeeRow, locationIds: number[]): Employee {
  const own = row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents);
  const positionRate = row.position_rate === null || row.position_rate === undefined ? null : Number(row.position_rate);
  let backOffice: BackOfficeAccess | null = null;
  if (row.user_id !== null && row.user_email) {
    const status = userStatusOf({ status: row.user_status!, password_hash: row.user_password! });
    backOffice = {
      userId: row.user_id,
      email: row.user_email,
      role: roleOf(row.user_role),
      status: status === 'pending' ? 'invited' : status,
    };
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    positionId: row.position_id,
    positionName: row.position_name ?? null,
    positionColor: row.position_color ?? null,
    hourlyRateCents: own,
    effectiveHourlyRateCents: own ?? positionRate,
    role: roleOf(row.role),
    allLocations: Number(row.all_locations) === 1,
    locationIds: Number(row.all_locations) === 1 ? [] : locationIds,
    active: Number(row.active) === 1,
    pinUpdatedAt: Number(row.pin_updated_at),
    backOffice,
    hasHistory: Number(row.has_history) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

async function withLocations(db: Db, rows: EmployeeRow[]): Promise<Employee[]> {
  const ids = rows.filter((r) => Number(r.all_locations) !== 1).map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('employee_locations')
          .select(['employee_id', 'location_id'])
          .where('employee_id', 'in', ids)
          .orderBy('location_id')
          .execute();
  return rows.map((row) =>
    toEmployee(
      row,
      links.filter((l) => l.employee_id === row.id).map((l) => l.location_id),
    ),
  );
}

export async function loadEmployee(db: Db, companyId: number, id: number): Promise<Employee> {
  const row = await selectEmployees(db, companyId).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('employee');
  return (await withLocations(db, [row]))[0]!;
}

/** 400 unless the position and the locations are the company's own. */
async function checkChoices(db: Db, companyId: number, input: EmployeeInput): Promise<void> {
  if (input.positionId !== null) {
    const position = await db
      .selectFrom('job_positions')
      .select('id')
      .where('id', '=', input.positionId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!position) throw fieldProblem('positionId', 'choose one of the options');
  }
  if (input.locationIds.length > 0) {
    const found = await db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', input.locationIds)
      .execute();
    if (found.length !== input.locationIds.length) throw fieldProblem('locationIds', 'choose one of the options');
  }
}

const columns = (input: EmployeeInput) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  position_id: input.positionId,
  hourly_rate_cents: input.hourlyRateCents,
  role: input.role,
  all_locations: input.allLocations ? 1 : 0,
  active: input.active ? 1 : 0,
});

async function writeLocations(trx: Db, companyId: number, employeeId: number, locationIds: number[]) {
  await trx.deleteFrom('employee_locations').where('employee_id', '=', employeeId).execute();
  if (locationIds.length > 0) {
    await trx
      .insertInto('employee_locations')
      .values(locationIds.map((location_id) => ({ employee_id: employeeId, location_id, company_id: companyId })))
      .execute();
  }
}

const PIN_TAKEN = 'another employee already has this PIN';
const pinTakenError = () =>
  new HttpError(409, { error: 'pin_taken', message: `pin: ${PIN_TAKEN}`, fields: { pin: PIN_TAKEN } });

/** A chosen PIN checked for uniqueness, or a new one; with its hash and lookup (hashed before any transaction). */
async function preparePin(
  ctx: AuthContext,
  key: PinKey,
  companyId: number,
  chosen: string | undefined,
  exceptId: number | null,
) {
  let pin: string;
  if (chosen !== undefined) {
    if (await pinTaken(ctx.db, key, companyId, chosen, exceptId)) throw pinTakenError();
    pin = chosen;
  } else {
    pin = await newPin(ctx.db, key, companyId, exceptId);
  }
  return {
    pin,
    columns: {
      pin_hash: await hashPin(pin, pinCost(ctx.passwords.cost)),
      pin_lookup: pinLookup(key, companyId, pin),
      pin_key: key.id,
    },
  };
}

/** The unique index caught a PIN taken between the check and the write. */
function pinRace(error: unknown): never {
  // SQLite names the columns (employees.pin_lookup), PostgreSQL the index (employees_pin_lookup_uq).
  if (isUniqueViolation(error) && /pin_lookup/.test(String((error as { message?: unknown }).message ?? ''))) {
    throw pinTakenError();
  }
  throw error;
}

const OWN_ACCOUNT = 'You cannot change your own role, access or active state: ask another admin.';

/** Whether the employee record is the signed-in user's own. */
const isOwn = (actor: Actor, employee: Employee) => employee.backOffice?.userId === actor.userId;

/** Roles the actor may give. */
const assignableRoles = (actor: Actor): BackofficeRole[] =>
  BACKOFFICE_ROLES.filter((role) => role !== 'admin' || isAdminActor(actor));

/**
 * `/api/backoffice/team/employees`: the people of the company: contact, position and rate, where
 * they work, their role (register rights, and back-office role when they have access), a register
 * PIN (answered once, never read back) and optional back-office access by invitation.
 */
export function employeesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  const key = pinKeyOf(ctx.secret);
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(employeeListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      selectEmployees(db, companyId, q)
        .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
        .orderBy('e.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      baseQuery(db, companyId, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<Employee> = {
      rows: await withLocations(db, rows),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/options', async (_req, res) => {
    const merchant = merchantOf(res);
    const body: EmployeeOptions = {
      locations: await locationOptions(db, merchant.companyId),
      positions: await positionOptions(db, merchant.companyId),
      assignableRoles: assignableRoles(actorOf(merchant)),
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadEmployee(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(newEmployeeInputSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    assertMayTouchRole(actorOf(merchant), input.role);
    await checkChoices(db, companyId, input);
    const pin = await preparePin(ctx, key, companyId, input.pin, null);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('employees')
          .values({
            ...columns(input),
            ...pin.columns,
            company_id: companyId,
            user_id: null,
            pin_updated_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeLocations(trx, companyId, row.id, input.locationIds);
        return row.id;
      })
      .catch(pinRace);
    const body: EmployeeWithPin = { employee: await loadEmployee(db, companyId, id), pin: pin.pin };
    noStore(res).status(201).json(body);
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(employeeInputSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const actor = actorOf(merchant);
    const current = await loadEmployee(db, companyId, id);
    assertMayTouchRole(actor, current.role);
    assertMayTouchRole(actor, input.role);
    if (isOwn(actor, current) && (input.role !== current.role || !input.active)) {
      throw refused('own_account', OWN_ACCOUNT);
    }
    await checkChoices(db, companyId, input);
    const now = ctx.now();
    await withAccessChange(db, companyId, async (trx) => {
      await trx
        .updateTable('employees')
        .set({ ...columns(input), updated_at: now })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeLocations(trx, companyId, id, input.locationIds);
      const userId = current.backOffice?.userId;
      if (userId === undefined) return;
      if (input.role !== current.backOffice!.role) {
        const overrides = await overridesOfUser(trx, companyId, userId);
        await assertUserChangeHeld(trx, actor, companyId, userId, { role: input.role, overrides });
        await setUserRole(trx, companyId, userId, input.role, now);
      }
      // An inactive employee has no access anywhere: the back-office account goes with the registers.
      if (!input.active && current.backOffice!.status !== 'disabled') await disableUser(trx, userId, now);
    });
    noStore(res).json(await loadEmployee(db, companyId, id));
  });

  // A new PIN: the one given, or one made up; answered this once.
  router.post('/:id/pin', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(pinChangeSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const current = await loadEmployee(db, companyId, id);
    // Whoever knows an admin's PIN acts as that admin at the registers.
    if (!isOwn(actorOf(merchant), current)) assertMayTouchRole(actorOf(merchant), current.role);
    const pin = await preparePin(ctx, key, companyId, input.pin, id);
    const now = ctx.now();
    await db
      .updateTable('employees')
      .set({ ...pin.columns, pin_updated_at: now, updated_at: now })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute()
      .catch(pinRace);
    const body: EmployeeWithPin = { employee: await loadEmployee(db, companyId, id), pin: pin.pin };
    noStore(res).json(body);
  });

  router.post('/:id/invite', async (req, res) => {
    const id = idParam(req.params.id);
    const { role } = parseOrThrow(inviteSchema, req.body);
    const merchant = merchantOf(res);
    const employee = await loadEmployee(db, merchant.companyId, id);
    await invite(ctx, merchant, employee, role);
    noStore(res).json(await loadEmployee(db, merchant.companyId, id));
  });

  // Back-office access taken away: the account is disabled and its sessions end (the employee stays).
  router.post('/:id/revoke', async (req, res) => {
    const id = idParam(req.params.id);
    parseOrThrow(emptyBody, req.body ?? {});
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const actor = actorOf(merchant);
    const employee = await loadEmployee(db, companyId, id);
    if (!employee.backOffice) throw refused('no_access', 'This employee has no back-office access.');
    if (isOwn(actor, employee)) throw refused('own_account', OWN_ACCOUNT);
    assertMayTouchRole(actor, employee.role);
    const userId = employee.backOffice.userId;
    const now = ctx.now();
    await withAccessChange(db, companyId, async (trx) => {
      if (employee.backOffice!.status !== 'disabled') await disableUser(trx, userId, now);
      // An invitation still out stops working.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    });
    noStore(res).json(await loadEmployee(db, companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const actor = actorOf(merchant);
    const employee = await loadEmployee(db, companyId, id);
    if (employee.hasHistory) {
      throw refused(
        'employee_has_history',
        'Sales, refunds or shifts name this employee: deactivate them instead, so the history keeps its name.',
      );
    }
    if (isOwn(actor, employee)) throw refused('own_account', OWN_ACCOUNT);
    assertMayTouchRole(actor, employee.role);
    const now = ctx.now();
    await withAccessChange(db, companyId, async (trx) => {
      if (employee.backOffice && employee.backOffice.status !== 'disabled') {
        await disableUser(trx, employee.backOffice.userId, now);
      }
      await trx.deleteFrom('employees').where('id', '=', id).where('company_id', '=', companyId).execute();
    });
    res.status(204).end();
  });

  return router;
}

/**
 * Back-office access for an employee, as `role`, at the employee's e-mail address:
 * - no account yet: one is made (no password) and the invitation goes out through the outbox;
 * - an account of this company with that address, not anyone else's employee: it is linked;
 * - linked already, invitation not accepted: the invitation goes out again (the old link stops);
 * - linked and disabled: access comes back (with the invitation again if no password was ever chosen).
 * An address with an account elsewhere is refused (a person has one account, in one company).
 */
async function invite(ctx: AuthContext, merchant: Merchant, employee: Employee, role: BackofficeRole): Promise<void> {
  const { db } = ctx;
  const { companyId } = merchant;
  const actor = actorOf(merchant);
  assertMayTouchRole(actor, employee.role);
  assertMayTouchRole(actor, role);
  if (isOwn(actor, employee)) throw refused('own_account', OWN_ACCOUNT);
  if (!employee.active) throw refused('employee_inactive', 'Activate the employee before giving them access.');
  const email = normalizeEmail(employee.email);
  if (email === '') {
    throw refused('email_required', "Add the employee's e-mail address first: the invitation goes there.");
  }
  if (employee.backOffice?.status === 'active') {
    throw refused(
      'already_has_access',
      `${employee.backOffice.email} already signs in to the back-office: change the role on the employee instead.`,
    );
  }
  // However often someone clicks, one inbox gets a few invitations an hour (in the budget of the
  // address's reset links), and each one counts against the company's mail.
  const allowance = await allowMails(ctx.mail, {
    companyId,
    kind: 'account',
    to: [employee.backOffice?.email ?? email],
  });
  const now = ctx.now();
  const [company, inviter] = await Promise.all([
    db.selectFrom('companies').select(['name', 'language']).where('id', '=', companyId).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirstOrThrow(),
  ]);
  const emailTaken = () =>
    refused(
      'email_taken',
      'This e-mail address already has a Hive POS account that cannot be linked to this employee: use another address.',
    );
  try {
    await withAccessChange(db, companyId, async (trx) => {
      let userId = employee.backOffice?.userId ?? null;
      if (userId === null) {
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'company_id', 'is_admin'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (existing) {
          const linked = await trx
            .selectFrom('employees')
            .select('id')
            .where('user_id', '=', existing.id)
            .executeTakeFirst();
          if (existing.company_id !== companyId || existing.is_admin === 1 || linked) throw emailTaken();
          userId = existing.id;
        } else {
          const created = await trx
            .insertInto('users')
            .values({
              email,
              password_hash: INVITED_PASSWORD_HASH,
              is_admin: 0,
              role,
              company_id: companyId,
              language: company.language,
              status: 'active',
              session_version: 0,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          userId = created.id;
        }
        await trx
          .updateTable('employees')
          .set({ user_id: userId, updated_at: now })
          .where('id', '=', employee.id)
          .where('company_id', '=', companyId)
          .execute();
      }
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'status', 'password_hash'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const overrides = await overridesOfUser(trx, companyId, user.id);
      await assertUserChangeHeld(trx, actor, companyId, user.id, { role, overrides });
      if (user.status !== 'active') {
        await trx.updateTable('users').set({ status: 'active', updated_at: now }).where('id', '=', user.id).execute();
      }
      await setUserRole(trx, companyId, user.id, role, now);
      await trx.updateTable('employees').set({ role, updated_at: now }).where('id', '=', employee.id).execute();
      await applyAccess(trx, companyId, [user.id]);
      if (user.password_hash === INVITED_PASSWORD_HASH) {
        await issueInvitation(
          trx,
          ctx,
          { userId: user.id, email: user.email, companyName: company.name, role, invitedBy: inviter.email },
          now,
        );
      }
    });
  } catch (error) {
    await allowance.refund();
    // A parallel sign-up or invitation took the address between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
