import { createPriceLevelSchema, levelPriceCents, priceLevelActiveAt, priceLevelInputSchema, sniffImageType, supportedCurrencies, businessInputSchema, type PriceLevelInput } from './settings';
import { lineTaxes } from '@hive/register-sdk/money';

describe('lineTaxes: one rule for included and added taxes', () => {
  it('adds an added rate on top of the shelf amount', () => {
    expect(lineTaxes(1100, [{ rateBp: 1000, type: 'added' }])).toEqual({
      netCents: 1100,
      includedCents: 0,
      addedCents: 110,
      totalCents: 1210,
      perTaxCents: [110],
    });
  });

  it('takes an included rate out of the shelf amount (the customer pays the shelf price)', () => {
    expect(lineTaxes(1210, [{ rateBp: 2100, type: 'included' }])).toEqual({
      netCents: 1000,
      includedCents: 210,
      addedCents: 0,
      totalCents: 1210,
      perTaxCents: [210],
    });
  });

  it('mixes both on the net amount; included shares always add up to the amount minus the net', () => {
    const taxes = lineTaxes(999, [
      { rateBp: 700, type: 'included' },
      { rateBp: 333, type: 'included' },
      { rateBp: 150, type: 'added' },
    ]);
    expect(taxes.netCents).toBe(Math.round((999 * 10_000) / 11_033));
    expect(taxes.perTaxCents[0]! + taxes.perTaxCents[1]!).toBe(999 - taxes.netCents);
    expect(taxes.addedCents).toBe(Math.round((taxes.netCents * 150) / 10_000));
    expect(taxes.totalCents).toBe(999 + taxes.addedCents);
    expect(taxes.netCents + taxes.includedCents + taxes.addedCents).toBe(taxes.totalCents);
  });

  // docs/device-api.md 4.3: `round` is to the nearest cent, halves up (a register must agree to the cent).
  it('rounds an exact half cent of tax up: 5 % added on 0.10 is 0.005, charged 0.01', () => {
    expect(lineTaxes(10, [{ rateBp: 500, type: 'added' }])).toEqual({
      netCents: 10,
      includedCents: 0,
      addedCents: 1,
      totalCents: 11,
      perTaxCents: [1],
    });
  });

  it('rounds an exact half cent of the net up: 1.05 with 20 % included is 0.875 net, so 0.88 and 0.17 of tax', () => {
    expect(lineTaxes(105, [{ rateBp: 2000, type: 'included' }])).toEqual({
      netCents: 88,
      includedCents: 17,
      addedCents: 0,
      totalCents: 105,
      perTaxCents: [17],
    });
  });

  it('rounds an included share of exactly half a cent up: two 5 % included on 0.11 (net 0.10) are 0.01 and 0.00', () => {
    const half = { rateBp: 500, type: 'included' as const };
    expect(lineTaxes(11, [half, half])).toMatchObject({ netCents: 10, includedCents: 1, perTaxCents: [1, 0] });
  });

  it('no taxes: nothing to add', () => {
    expect(lineTaxes(500, [])).toMatchObject({ netCents: 500, includedCents: 0, addedCents: 0, totalCents: 500 });
  });
});

describe('price levels', () => {
  const level = (extra: Partial<PriceLevelInput>): PriceLevelInput => ({
    name: 'Happy hour',
    active: true,
    scheduled: true,
    days: [1, 2, 3, 4, 5],
    startTime: '17:00',
    endTime: '19:00',
    allLocations: true,
    locationIds: [],
    ...extra,
  });

  it('a schedule covers its days between its times (end excluded)', () => {
    const happy = level({});
    expect(priceLevelActiveAt(happy, { weekday: 1, minutes: 17 * 60 })).toBe(true);
    expect(priceLevelActiveAt(happy, { weekday: 1, minutes: 19 * 60 })).toBe(false);
    expect(priceLevelActiveAt(happy, { weekday: 6, minutes: 18 * 60 })).toBe(false);
    expect(priceLevelActiveAt(level({ active: false }), { weekday: 1, minutes: 18 * 60 })).toBe(false);
    expect(priceLevelActiveAt(level({ scheduled: false }), { weekday: 0, minutes: 3 })).toBe(true);
  });

  it('an end before the start runs past midnight into the next day', () => {
    const late = level({ days: [5, 6], startTime: '22:00', endTime: '02:00' });
    expect(priceLevelActiveAt(late, { weekday: 5, minutes: 23 * 60 })).toBe(true);
    expect(priceLevelActiveAt(late, { weekday: 6, minutes: 60 })).toBe(true); // Friday night
    expect(priceLevelActiveAt(late, { weekday: 0, minutes: 60 })).toBe(true); // Saturday night
    expect(priceLevelActiveAt(late, { weekday: 1, minutes: 60 })).toBe(false);
    expect(priceLevelActiveAt(late, { weekday: 5, minutes: 3 * 60 })).toBe(false);
  });

  it('an item price at a level: its own, or a share of the base price', () => {
    expect(levelPriceCents(1000, null)).toBe(1000);
    expect(levelPriceCents(1000, { mode: 'price', priceCents: 750 })).toBe(750);
    expect(levelPriceCents(999, { mode: 'percent', percentBp: 8000 })).toBe(799);
  });

  it('the schema normalises what a schedule off or all locations make irrelevant', () => {
    expect(
      priceLevelInputSchema.parse(level({ scheduled: false, allLocations: true, locationIds: [4], days: [3] })),
    ).toMatchObject({ days: [], startTime: '', endTime: '', locationIds: [] });
    expect(priceLevelInputSchema.parse(level({ days: [5, 1, 5] })).days).toEqual([1, 5]);
    const result = createPriceLevelSchema().safeParse(level({ days: [], startTime: '9:00', endTime: '17:00' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['days', 'startTime']);
  });
});

describe('logo images are recognised by their first bytes', () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  it('PNG, JPEG and WebP', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(sniffImageType(bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('anything else, SVG included, whatever it claims', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', 1, 2, 3, 4, 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes(0x89, 'PN'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('business information', () => {
  it('offers currencies with cents only, and checks country codes and time zones', () => {
    expect(supportedCurrencies()).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'MXN']));
    expect(supportedCurrencies()).not.toContain('JPY');
    expect(supportedCurrencies()).not.toContain('KWD');
    const valid = {
      legalName: 'A',
      tradingName: 'B',
      taxId: '',
      email: '',
      phone: '',
      address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'es' },
      currency: 'eur',
      timezone: 'Europe/Madrid',
      receiptHeader: 'Line 1\nLine 2',
      receiptFooter: '',
    };
    expect(businessInputSchema.parse(valid)).toMatchObject({ currency: 'EUR', address: { country: 'ES' } });
    const bad = businessInputSchema.safeParse({
      ...valid,
      currency: 'JPY',
      timezone: 'Europe/Nowhere',
      address: { ...valid.address, country: 'XX' },
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['address.country', 'currency', 'timezone']);
  });
});
