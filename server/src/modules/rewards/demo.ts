import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import type { Db } from '../merchant';
import { today } from '../../platform/time';
import { companyLocale } from '../settings';
import { issueGiftCard, moveBalance } from './giftCards';
import { openLoyaltyLedger } from './loyalty';

const DAY_MS = 86_400_000;

/** Per demo company with Offers and rewards: cards issued (amount, days ago), some used, one expired. */
const DEMO_GIFT_CARDS: Record<
  string,
  { cents: number; daysAgo: number; spent?: number; expired?: boolean; note: string }[]
> = {
  'blue-door-bistro': [
    { cents: 5000, daysAgo: 40, spent: 3250, note: 'Christmas voucher' },
    { cents: 2500, daysAgo: 12, note: 'Birthday' },
    { cents: 10000, daysAgo: 70, spent: 10000, note: 'Corporate gift' },
    { cents: 3000, daysAgo: 200, expired: true, note: 'Summer promotion' },
  ],
  'corner-market': [
    { cents: 2000, daysAgo: 30, spent: 850, note: 'Store credit' },
    { cents: 5000, daysAgo: 5, note: '' },
  ],
};

/**
 * Demo gift cards (dev and demo only, like every seed): issued by hand some days ago, partly
 * spent (loads and adjustments by hand, not receipts: the demo history's payments are cash and
 * card), one past its expiry. Skipped when the company has cards already.
 */
export async function seedRewardsDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  const cards = DEMO_GIFT_CARDS[slug];
  if (!cards) return;
  const has = await db
    .selectFrom('gift_cards')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const { timezone } = await companyLocale(db, companyId);
  const todayDay = today(now, timezone);
  const customers = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(10)
    .execute();
  for (const [i, card] of cards.entries()) {
    const at = now - card.daysAgo * DAY_MS;
    const issued = await issueGiftCard(
      db,
      companyId,
      {
        amountCents: card.cents,
        customerId: customers[i]?.id ?? null,
        expiresOn: card.expired ? isoDay(todayDay - 10) : isoDay(todayDay + 365 - card.daysAgo),
        note: card.note,
      },
      at,
      null,
    );
    if (card.spent) {
      await moveBalance(db, { companyId, id: issued.id }, 'adjust', -card.spent, at + 3 * DAY_MS, {
        note: 'Spent before the demo history',
      });
    }
  }
}

/**
 * The loyalty programme of the demo companies with the add-on (on, 1 point per 1.00, 100 points =
 * 1.00), and an opening ledger entry for every customer's seeded balance. Runs before the demo
 * history, whose sales then earn points like any register sale.
 */
export async function seedLoyaltyDemo(
  db: Db,
  companyId: number,
  addons: readonly string[],
  now: number,
): Promise<void> {
  await openLoyaltyLedger(db, companyId, now - 120 * DAY_MS);
  if (!addons.some((a) => a.toLowerCase() === 'loyalty')) return;
  await db
    .insertInto('loyalty_settings')
    .values({
      company_id: companyId,
      enabled: 1,
      points_per_unit: 1,
      value_per_100_cents: 100,
      min_redeem_points: 100,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
}
