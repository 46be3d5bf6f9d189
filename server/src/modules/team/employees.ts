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
import { type AuthContext, voidOpenTokens } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  containsPattern,
  fieldProblem,
  idParam,
  ilike,
  noStore,
  notFound,
  orderBy,
  refused,
} from '../merchant';
import { locationOptions } from '../devices';
import {
  actorOf,
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
import { invite, isOwn, OWN_ACCOUNT } from './invite';
import { userStatusOf } from './permissions';
import { changePin, chargePinChange, recordPinChange, withNewPin } from './pinChanges';
import { pinKeyOf } from './pins';
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
    (eb) =>
      eb
        .selectFrom('employee_pin_changes as pc')
        .select('pc.actor_email')
        .whereRef('pc.employee_id', '=', 'e.id')
        .orderBy('pc.at', 'desc')
        .orderBy('pc.id', 'desc')
        .limit(1)
        .as('pin_updated_by'),
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
    pinUpdatedBy: row.pin_updated_by || null,
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
    await chargePinChange(ctx, merchant);
    const { pin, result: id } = await withNewPin(ctx, key, companyId, null, (made) =>
      db.transaction().execute(async (trx) => {
        const now = ctx.now();
        const row = await trx
          .insertInto('employees')
          .values({
            ...columns(input),
            ...made.columns,
            company_id: companyId,
            user_id: null,
            pin_updated_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeLocations(trx, companyId, row.id, input.locationIds);
        await recordPinChange(trx, {
          companyId,
          employeeId: row.id,
          actorUserId: merchant.userId,
          reason: 'created',
          at: now,
        });
        return row.id;
      }),
    );
    const body: EmployeeWithPin = { employee: await loadEmployee(db, companyId, id), pin };
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

  // A new PIN, made up by the server (never chosen: team/pinChanges.ts); answered this once.
  router.post('/:id/pin', async (req, res) => {
    const id = idParam(req.params.id);
    parseOrThrow(pinChangeSchema, req.body ?? {});
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const current = await loadEmployee(db, companyId, id);
    // Whoever knows an admin's PIN acts as that admin at the registers.
    if (!isOwn(actorOf(merchant), current)) assertMayTouchRole(actorOf(merchant), current.role);
    await chargePinChange(ctx, merchant);
    const pin = await changePin(ctx, key, {
      companyId,
      employeeId: id,
      actorUserId: merchant.userId,
      reason: 'changed',
    });
    const body: EmployeeWithPin = { employee: await loadEmployee(db, companyId, id), pin };
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
      await voidOpenTokens(trx, userId, now);
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
