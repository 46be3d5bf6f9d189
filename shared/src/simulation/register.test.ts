import { clockInEventSchema, clockOutEventSchema, receiptEventSchema, refundEventSchema, type DeviceEvent } from '@hive/shared/schemas/device';
import { computeSale } from '@hive/register-sdk/money';
import { SimulatedRegister, uuidFrom, type SimConfig } from './register';

const config: SimConfig = {
  items: [
    { id: 1, name: 'Coffee', sku: '', categoryId: 1, priceCents: 250, taxRateIds: [1], levelPrices: [] },
    { id: 2, name: 'Bagel', sku: '', categoryId: 1, priceCents: 320, taxRateIds: [1], levelPrices: [] },
    { id: 3, name: 'Wine', sku: '', categoryId: 2, priceCents: 750, taxRateIds: [2], levelPrices: [] },
  ],
  taxRates: [
    { id: 1, name: 'Food', rateBp: 1000, type: 'added', archived: false },
    { id: 2, name: 'Alcohol', rateBp: 2100, type: 'included', archived: false },
  ],
  paymentTypes: [
    { id: 10, name: 'Cash', builtin: 'cash', cashLike: true },
    { id: 11, name: 'Card', builtin: 'card', cashLike: false },
  ],
  orderTypes: [{ id: 20, name: 'Dine in', builtin: 'dine_in' }],
  employees: [
    {
      id: 30,
      name: 'Sam',
      pinVerifier: 'scrypt-hmac$...',
      role: 'admin',
      rights: { refunds: true, discounts: true, openDrawer: true, void: true },
    },
  ],
};

describe('uuidFrom', () => {
  it('derives a stable version-4 UUID from text', () => {
    expect(uuidFrom('a')).toBe(uuidFrom('a'));
    expect(uuidFrom('a')).not.toBe(uuidFrom('b'));
    expect(uuidFrom('seed:sale:1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const many = new Set(Array.from({ length: 20_000 }, (_, i) => uuidFrom(`x:${i}`)));
    expect(many.size).toBe(20_000);
  });
});

describe('SimulatedRegister', () => {
  const play = (seed: string) => {
    const register = new SimulatedRegister(config, { seed, restaurant: true, refundRate: 0.2 });
    const events: DeviceEvent[] = [register.openShift(1_800_000_000_000)];
    for (let i = 0; i < 200; i += 1) {
      events.push(register.sale(1_800_000_000_000 + i));
      if (register.wantsRefund()) {
        const refund = register.refund(1_800_000_000_000 + i);
        if (refund) events.push(refund);
      }
      if (i === 100) events.push(register.cashMovement(1_800_000_000_000 + i));
    }
    events.push(register.closeShift(1_800_000_001_000));
    return events;
  };

  it('is deterministic: the same seed gives the same events and ids', () => {
    expect(play('42')).toEqual(play('42'));
    expect(play('42')[1]!.id).not.toBe(play('43')[1]!.id);
  });

  it('clocks employees in and out without changing the sales (own ids, no random draws)', () => {
    const withClock = (seed: string) => {
      const register = new SimulatedRegister(config, { seed, restaurant: true, refundRate: 0.2 });
      const events: DeviceEvent[] = [register.openShift(1_800_000_000_000), register.clockIn(1_800_000_000_000, 30)];
      for (let i = 0; i < 200; i += 1) {
        events.push(register.sale(1_800_000_000_000 + i));
        if (register.wantsRefund()) {
          const refund = register.refund(1_800_000_000_000 + i);
          if (refund) events.push(refund);
        }
        if (i === 100) events.push(register.cashMovement(1_800_000_000_000 + i));
      }
      events.push(register.closeShift(1_800_000_001_000));
      expect(register.onTheClock).toEqual([30]);
      events.push(...register.clockOutAll(1_800_000_001_000));
      expect(register.onTheClock).toEqual([]);
      return events;
    };
    const events = withClock('42');
    const clock = events.filter((e) => e.type === 'clock_in' || e.type === 'clock_out');
    expect(clock.map((e) => [e.type, 'employeeId' in e ? e.employeeId : null])).toEqual([
      ['clock_in', 30],
      ['clock_out', 30],
    ]);
    expect(clockInEventSchema.safeParse(clock[0]).success).toBe(true);
    expect(clockOutEventSchema.safeParse(clock[1]).success).toBe(true);
    expect(events.filter((e) => e.type !== 'clock_in' && e.type !== 'clock_out')).toEqual(play('42'));
    expect(withClock('42')).toEqual(events);
    const register = new SimulatedRegister(config, { seed: 'x', restaurant: false });
    expect(() => register.clockOut(1, 30)).toThrow();
    register.clockIn(1, 30);
    expect(() => register.clockIn(2, 30)).toThrow();
  });

  it("sells the items' modifier groups within their minimum and maximum, on a stream of its own", () => {
    const milk = {
      id: 5,
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      modifiers: [
        { id: 51, name: 'Whole', priceCents: 0 },
        { id: 52, name: 'Oat', priceCents: 50 },
      ],
    };
    const extras = {
      id: 6,
      name: 'Extras',
      minChoices: 0,
      maxChoices: 2,
      modifiers: [
        { id: 61, name: 'Cream', priceCents: 30 },
        { id: 62, name: 'Syrup', priceCents: 40 },
        { id: 63, name: 'Shot', priceCents: 80 },
      ],
    };
    const grouped: SimConfig = {
      ...config,
      items: config.items.map((i) => (i.id === 1 ? { ...i, modifierGroupIds: [5, 6] } : i)),
      modifierGroups: [milk, extras],
    };
    const register = new SimulatedRegister(grouped, { seed: '42', restaurant: true });
    const plain = new SimulatedRegister(config, { seed: '42', restaurant: true });
    const sales = Array.from({ length: 300 }, (_, i) => register.sale(1_800_000_000_000 + i));
    const same = Array.from({ length: 300 }, (_, i) => plain.sale(1_800_000_000_000 + i));
    const coffees = sales.flatMap((s) => s.lines.filter((l) => l.itemId === 1));
    expect(coffees.length).toBeGreaterThan(20);
    let extrasSold = 0;
    for (const line of coffees) {
      const ids = (line.modifiers ?? []).map((m) => m.modifierId);
      expect(ids.filter((id) => id === 51 || id === 52)).toHaveLength(1);
      const chosenExtras = ids.filter((id) => id !== undefined && id >= 61);
      expect(chosenExtras.length).toBeLessThanOrEqual(2);
      expect(new Set(chosenExtras).size).toBe(chosenExtras.length);
      extrasSold += chosenExtras.length;
    }
    expect(extrasSold).toBeGreaterThan(0);
    // The other lines and choices are those of the same seed without groups.
    expect(sales.map((s) => s.lines.map((l) => [l.itemId, l.quantity]))).toEqual(
      same.map((s) => s.lines.map((l) => [l.itemId, l.quantity])),
    );
    for (const sale of sales) expect(receiptEventSchema.safeParse(sale).success).toBe(true);
  });

  it('produces valid events whose totals and payments follow the server rules', () => {
    const events = play('7');
    expect(events.filter((e) => e.type === 'refund').length).toBeGreaterThan(0);
    for (const event of events) {
      if (event.type === 'receipt') {
        expect(receiptEventSchema.safeParse(event).success).toBe(true);
        const taxes = new Map(config.taxRates.map((t) => [t.id, t]));
        const computed = computeSale(
          event.lines.map((l) => ({ ...l, taxes: l.taxRateIds.map((id) => taxes.get(id)!) })),
          (event.discounts ?? []).reduce((s, d) => s + d.amountCents, 0),
        );
        if (!('amounts' in computed)) throw new Error('impossible sale');
        expect(event.totals.totalCents).toBe(computed.amounts.totalCents);
        const paid = event.payments.reduce((s, p) => s + p.amountCents, 0);
        expect(paid - (event.changeCents ?? 0)).toBe(event.totals.totalCents);
      }
      if (event.type === 'refund') {
        expect(refundEventSchema.safeParse(event).success).toBe(true);
        expect(event.payments.reduce((s, p) => s + p.amountCents, 0)).toBe(event.totals.totalCents);
      }
    }
  });
});
