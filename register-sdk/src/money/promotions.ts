/**
 * Promotions: automatic rules the registers and the storefront apply by themselves. One pure
 * function evaluates them (`evaluatePromotions`); the server uses it to check what a register
 * claims and to price online orders, the storefront to show the cart. Dependency-free: the
 * storefront bundles it.
 */

export const PROMOTION_KINDS = ['buy_get', 'percent_off', 'spend_get'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export interface PromotionRule {
  id: number;
  name: string;
  kind: PromotionKind;
  /** Lower first. */
  priority: number;
  /** Exclusive: once it applies, no later promotion does. Stackable: later ones may apply too. */
  stackable: boolean;
  /** The items and categories it concerns (buy_get, percent_off); empty: every item. */
  itemIds: readonly number[];
  categoryIds: readonly number[];
  /** buy_get: buy `buyQuantity`, get `getQuantity` more of them at `getPercentBp` off (10000 = free). */
  buyQuantity: number;
  getQuantity: number;
  getPercentBp: number;
  /** percent_off: off each unit it concerns. */
  percentBp: number;
  /** spend_get: from `thresholdCents` spent, `amountCents` off or `percentBp` off the basket. */
  thresholdCents: number;
  amountCents: number;
  /** When: days of the week (0 = Sunday; empty: every day), a time window ("HH:MM", empty: all day), dates. */
  days: readonly number[];
  startTime: string;
  endTime: string;
  startsOn: string | null;
  endsOn: string | null;
}

export interface BasketLine {
  itemId: number | null;
  categoryId: number | null;
  quantity: number;
  /** One unit's price, modifiers included. */
  unitCents: number;
}

export interface AppliedPromotion {
  promotionId: number;
  name: string;
  /** What it takes off, per line (same order as the basket) and in all. */
  lineCents: number[];
  totalCents: number;
}

/** The local day, weekday and minute of `at` in `timeZone`. */
function localParts(at: number, timeZone: string): { date: string; weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday,
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a promotion runs at `at` where the sale is: its dates (start and end days included), its
 * days of the week, and its time window (start included, end excluded; a window past midnight,
 * "22:00"-"02:00", runs across it and counts as the day it started).
 */
export function promotionRunsAt(p: PromotionRule, at: number, timeZone: string): boolean {
  const now = localParts(at, timeZone);
  if (p.startsOn && now.date < p.startsOn) return false;
  if (p.endsOn && now.date > p.endsOn) return false;
  if (!p.startTime || !p.endTime) return p.days.length === 0 || p.days.includes(now.weekday);
  const start = toMinute(p.startTime);
  const end = toMinute(p.endTime);
  if (start < end)
    return (p.days.length === 0 || p.days.includes(now.weekday)) && now.minute >= start && now.minute < end;
  // Across midnight: the evening part on its day, the morning part on the day after.
  if (now.minute >= start) return p.days.length === 0 || p.days.includes(now.weekday);
  if (now.minute < end) return p.days.length === 0 || p.days.includes((now.weekday + 6) % 7);
  return false;
}

const concerns = (p: PromotionRule, line: BasketLine) =>
  (p.itemIds.length === 0 && p.categoryIds.length === 0) ||
  (line.itemId !== null && p.itemIds.includes(line.itemId)) ||
  (line.categoryId !== null && p.categoryIds.includes(line.categoryId));

const pct = (cents: number, bp: number) => Math.floor((cents * bp + 5_000) / 10_000);

/**
 * The promotions a basket gets at `at`, in priority order (then id). Each works on what is left of
 * each line after the promotions before it; once an exclusive (not stackable) promotion applies, no
 * later one does. Amounts are whole cents, rounded half up per line; a line never goes below zero.
 *
 * - buy_get: over the units it concerns, every `buy + get` units the `get` cheapest of them are
 *   `getPercentBp` off (free at 10000).
 * - percent_off: `percentBp` off each line it concerns.
 * - spend_get: when what is left of the basket reaches `thresholdCents`, `amountCents` off (or
 *   `percentBp`), spread over the lines in proportion, the cents left over to the largest.
 */
export function evaluatePromotions(
  basket: readonly BasketLine[],
  promotions: readonly PromotionRule[],
  at: number,
  timeZone: string,
): AppliedPromotion[] {
  const left = basket.map((l) => l.quantity * l.unitCents);
  const out: AppliedPromotion[] = [];
  const ordered = [...promotions].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const p of ordered) {
    if (!promotionRunsAt(p, at, timeZone)) continue;
    const lineCents = basket.map(() => 0);
    const open = basket.map((l, i) => left[i]! > 0 && concerns(p, l));
    if (p.kind === 'percent_off') {
      basket.forEach((_l, i) => {
        if (open[i]) lineCents[i] = Math.min(left[i]!, pct(left[i]!, p.percentBp));
      });
    } else if (p.kind === 'buy_get') {
      const group = p.buyQuantity + p.getQuantity;
      const units = basket.flatMap((l, i) =>
        open[i] ? Array.from({ length: l.quantity }, () => ({ i, cents: left[i]! / l.quantity })) : [],
      );
      const free = group > 0 ? Math.floor(units.length / group) * p.getQuantity : 0;
      units.sort((a, b) => a.cents - b.cents || a.i - b.i);
      for (const u of units.slice(0, free)) lineCents[u.i]! += u.cents;
      basket.forEach((_l, i) => {
        lineCents[i] = Math.min(left[i]!, pct(lineCents[i]!, p.getPercentBp));
      });
    } else {
      const eligible = [...left];
      const spent = eligible.reduce((s, c) => s + c, 0);
      if (spent >= p.thresholdCents && spent > 0) {
        const off = Math.min(spent, p.amountCents > 0 ? p.amountCents : pct(spent, p.percentBp));
        const shares = eligible.map((c) => Math.floor((off * c) / spent));
        let rest = off - shares.reduce((s, c) => s + c, 0);
        const order = eligible.map((c, i) => ({ i, c })).sort((a, b) => b.c - a.c || a.i - b.i);
        for (const { i } of order) {
          if (rest <= 0) break;
          if (eligible[i]! > shares[i]!) {
            shares[i]! += 1;
            rest -= 1;
          }
        }
        shares.forEach((c, i) => (lineCents[i] = c));
      }
    }
    const totalCents = lineCents.reduce((s, c) => s + c, 0);
    if (totalCents === 0) continue;
    lineCents.forEach((c, i) => (left[i]! -= c));
    out.push({ promotionId: p.id, name: p.name, lineCents, totalCents });
    if (!p.stackable) break;
  }
  return out;
}

/**
 * Where a promotion stands at `at` in the business's zone, for the list: `off` (switched off),
 * `ended` (past its last day), `scheduled` (before its first day), `running` (it would apply to a
 * sale now) or `waiting` (within its dates, outside its days or hours). A promotion switched on
 * that is not running must not read as live, hence the five.
 */
export type PromotionStatus = 'off' | 'ended' | 'scheduled' | 'running' | 'waiting';

export function promotionStatus(p: PromotionRule & { active: boolean }, at: number, timeZone: string): PromotionStatus {
  if (!p.active) return 'off';
  const today = localParts(at, timeZone).date;
  if (p.endsOn && today > p.endsOn) return 'ended';
  if (p.startsOn && today < p.startsOn) return 'scheduled';
  return promotionRunsAt(p, at, timeZone) ? 'running' : 'waiting';
}
