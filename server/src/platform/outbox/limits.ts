import { createHash } from 'node:crypto';
import { HttpError, humanDuration, type Limiter, type LimiterStore, type RateLimitRule } from '../http';

/*
 * How much mail the product sends on someone's behalf. Every action that writes to the outbox for
 * a company (purchase orders, invoices, schedules, invitations) asks `allowMails` first: one point
 * per message from the company's budget, from each recipient's budget for that kind of mail, and
 * (for documents) from the budget of that document to that address. All or nothing: a refusal
 * gives back what it took, answers 429 with Retry-After, and nothing is written to the outbox.
 *
 * Keys include the company id, so one company's mail never spends another's budget (a company
 * cannot stop another from mailing a shared vendor). The account mails (reset links, invitations)
 * are the exception: an address has one account, in one company, so its budget is the address's
 * own, shared with the public "forgot password" form. On PostgreSQL the counts live in the shared
 * `rate_limits` table, so every instance spends one budget.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type MailKind = 'purchase_order' | 'invoice' | 'schedule' | 'account' | 'signup';

export interface MailRules {
  /** Every message a company's users cause, whatever the kind. */
  perCompany: RateLimitRule;
  /** Messages of one kind to one address (per company, except `account` and `signup`: per address). */
  perRecipient: Record<MailKind, RateLimitRule>;
  /** The same document to the same address again (a double click, an impatient retry). */
  perDocument: RateLimitRule;
}

/** The one table of mail limits (auth's per-address reset and sign-up limits take theirs from here). */
export const MAIL_LIMITS: MailRules = {
  perCompany: { limit: 200, windowMs: DAY },
  perRecipient: {
    purchase_order: { limit: 5, windowMs: HOUR },
    invoice: { limit: 5, windowMs: HOUR },
    schedule: { limit: 5, windowMs: HOUR },
    // Reset links and back-office invitations (the newest link retires the older ones anyway).
    account: { limit: 3, windowMs: HOUR },
    // Activation, or "you already have an account".
    signup: { limit: 3, windowMs: HOUR },
  },
  perDocument: { limit: 1, windowMs: 5 * MINUTE },
};

/** Per-address kinds: their limiters are auth's (the public forms count in the same budget). */
const PER_ADDRESS_KINDS: readonly MailKind[] = ['account', 'signup'];

const KIND_NAMES: Record<MailKind, string> = {
  purchase_order: 'purchase order',
  invoice: 'invoice',
  schedule: 'schedule',
  account: 'password or invitation',
  signup: 'sign-up',
};

export interface MailLimiters {
  rules: MailRules;
  perCompany: Limiter;
  perRecipient: Record<MailKind, Limiter>;
  perDocument: Limiter;
}

/**
 * The mail limiters on the app's store. `shared` are limiters built elsewhere for the same budget
 * (auth's reset and sign-up limiters), so both paths spend one count.
 */
export function buildMailLimiters(
  store: LimiterStore,
  rules: MailRules,
  shared: Partial<Record<MailKind, Limiter>> = {},
): MailLimiters {
  const perRecipient = Object.fromEntries(
    (Object.keys(rules.perRecipient) as MailKind[]).map((kind) => [
      kind,
      shared[kind] ?? store.limiter(`mailTo_${kind}`, rules.perRecipient[kind]),
    ]),
  ) as Record<MailKind, Limiter>;
  return {
    rules,
    perCompany: store.limiter('mailPerCompany', rules.perCompany),
    perRecipient,
    perDocument: store.limiter('mailPerDocument', rules.perDocument),
  };
}

/** The key of an address (as auth's emailKey): the counts never store addresses in the clear. */
export const mailAddressKey = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

function per(windowMs: number): string {
  if (windowMs === DAY) return 'a day';
  if (windowMs === HOUR) return 'an hour';
  return `${humanDuration(Math.round(windowMs / 1000))}`;
}

export type MailLimit = 'company' | 'recipient' | 'document';

function refusal(limit: MailLimit, message: string, retryAfter: number): HttpError {
  return new HttpError(
    429,
    {
      error: 'mail_limit',
      limit,
      message: `${message} Try again in ${humanDuration(retryAfter)}.`,
      retryAfter,
    },
    { 'Retry-After': String(retryAfter) },
  );
}

export interface MailRequest {
  /** The company whose users cause the mail (null: no company, e.g. platform staff's own). */
  companyId: number | null;
  kind: MailKind;
  /** One entry per message. */
  to: readonly string[];
  /** The document mailed (e.g. `invoice:12`): the same one to the same address waits a little. */
  document?: string;
}

export interface MailAllowance {
  /** Gives the points back: the action failed after the check and sent nothing. */
  refund(): Promise<void>;
}

interface Charge {
  limiter: Limiter;
  key: string;
  points: number;
  refused: (retryAfter: number) => HttpError;
}

/**
 * Takes the points of `request` from every budget it falls under, or throws the 429 of the first
 * budget that is spent (having given back whatever it took). Call it before writing to the outbox.
 */
export async function allowMails(limiters: MailLimiters, request: MailRequest): Promise<MailAllowance> {
  const { rules } = limiters;
  const { companyId, kind } = request;
  const charges: Charge[] = [];
  if (request.to.length === 0) return { refund: async () => undefined };
  if (companyId !== null) {
    charges.push({
      limiter: limiters.perCompany,
      key: String(companyId),
      points: request.to.length,
      refused: (retryAfter) =>
        refusal(
          'company',
          `This company has sent the most e-mails it may in ${per(rules.perCompany.windowMs)} (${rules.perCompany.limit}).`,
          retryAfter,
        ),
    });
  }
  const perAddress = PER_ADDRESS_KINDS.includes(kind) || companyId === null;
  const counts = new Map<string, { address: string; points: number }>();
  for (const address of request.to) {
    const key = mailAddressKey(address);
    const entry = counts.get(key) ?? { address: address.trim().toLowerCase(), points: 0 };
    entry.points += 1;
    counts.set(key, entry);
  }
  const rule = rules.perRecipient[kind];
  for (const [addressKey, { address, points }] of counts) {
    charges.push({
      limiter: limiters.perRecipient[kind],
      key: perAddress ? addressKey : `${companyId}:${addressKey}`,
      points,
      refused: (retryAfter) =>
        refusal(
          'recipient',
          `Too many ${KIND_NAMES[kind]} e-mails to ${address} (at most ${rule.limit} in ${per(rule.windowMs)}).`,
          retryAfter,
        ),
    });
    if (request.document !== undefined) {
      charges.push({
        limiter: limiters.perDocument,
        key: `${companyId ?? ''}:${request.document}:${addressKey}`,
        points,
        refused: (retryAfter) =>
          refusal('document', `This ${KIND_NAMES[kind]} was just e-mailed to ${address}.`, retryAfter),
      });
    }
  }
  const taken: Charge[] = [];
  const giveBack = () => Promise.all(taken.map((c) => c.limiter.refund(c.key, c.points))).then(() => undefined);
  for (const charge of charges) {
    const { allowed, retryAfter } = await charge.limiter.consume(charge.key, charge.points);
    // A refused consume counted its points too: give them back with the rest, so a refused
    // batch leaves the budget as it found it.
    taken.push(charge);
    if (!allowed) {
      await giveBack();
      throw charge.refused(retryAfter);
    }
  }
  return { refund: giveBack };
}
