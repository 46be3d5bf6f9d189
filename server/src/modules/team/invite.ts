import type { Kysely, Transaction } from 'kysely';
import { PRODUCT_NAME, type BackofficeRole } from '@hive/shared/config';
import type { Employee } from '@hive/shared/schemas/backoffice/team';
import {
  type AuthContext,
  activateUser,
  insertUser,
  issueInvitation,
  INVITED_PASSWORD_HASH,
  normalizeEmail,
} from '../auth';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { allowMails } from '../../platform/outbox';
import { refused, type Merchant } from '../merchant';
import {
  actorOf,
  applyAccess,
  assertMayTouchRole,
  assertUserChangeHeld,
  overridesOfUser,
  setUserRole,
  withAccessChange,
  type Actor,
} from './access';

type Db = Kysely<Database> | Transaction<Database>;

export const OWN_ACCOUNT = 'You cannot change your own role, access or active state: ask another admin.';

/** Whether the employee record is the signed-in user's own. */
export const isOwn = (actor: Actor, employee: Employee) => employee.backOffice?.userId === actor.userId;

/**
 * Platform staff locked the account (admin console): only they lift that lock, so nothing here
 * links, invites or re-activates it, and the answer says whom to ask.
 */
const lockedBySupport = () =>
  refused(
    'locked_by_support',
    `This account was locked by ${PRODUCT_NAME} support: ask them to unlock it before giving it back-office access.`,
  );

/** Whether this company's account `userId` (or the one with `email`) is under a staff lock. */
async function platformLocked(db: Db, companyId: number, account: { userId: number } | { email: string }) {
  let query = db.selectFrom('users').select('platform_locked').where('company_id', '=', companyId);
  query = 'userId' in account ? query.where('id', '=', account.userId) : query.where('email', '=', account.email);
  return (await query.executeTakeFirst())?.platform_locked === 1;
}

/**
 * Back-office access for an employee, as `role`, at the employee's e-mail address:
 * - no account yet: one is made (no password) and the invitation goes out through the outbox;
 * - an account of this company with that address, not anyone else's employee: it is linked;
 * - linked already, invitation not accepted: the invitation goes out again (the old link stops);
 * - linked and disabled: access comes back (with the invitation again if no password was ever chosen).
 * An address with an account elsewhere is refused (a person has one account, in one company).
 */
export async function invite(
  ctx: AuthContext,
  merchant: Merchant,
  employee: Employee,
  role: BackofficeRole,
): Promise<void> {
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
  // Before the allowance is spent: a refused invitation changes nothing. (An account of another
  // company is refused below as email_taken, whatever its state: nothing about it shows here.)
  const userId = employee.backOffice?.userId;
  if (await platformLocked(db, companyId, userId !== undefined ? { userId } : { email })) throw lockedBySupport();
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
          userId = await insertUser(trx, {
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
          });
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
        .select(['id', 'email', 'role', 'status', 'password_hash', 'platform_locked'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      // Locked by staff since the check above: the transaction (and the link made in it) rolls back.
      if (user.platform_locked === 1) throw lockedBySupport();
      const overrides = await overridesOfUser(trx, companyId, user.id);
      await assertUserChangeHeld(trx, actor, companyId, user.id, { role, overrides });
      if (user.status !== 'active') {
        await activateUser(trx, user.id, now);
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
