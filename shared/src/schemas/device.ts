/**
 * The device API contract (`/api/device/v1`): the zod schemas the server validates requests with,
 * and the schemas of its answers (the OpenAPI document is generated from these, see openApiSchemas).
 * The money rules a register applies exactly as the server does are in @hive/register-sdk/money.
 * React-free; used by the server, the register simulator and the demo seed.
 *
 * Money is integer minor units (cents) everywhere in this API: names end in `Cents`. Times are
 * epoch milliseconds. Ids of the company's records are the integers `config` lists; ids of events
 * are UUIDs the register generates.
 */
import { z } from 'zod';

export const DEVICE_API_BASE = '/api/device/v1';

export const DEVICE_LIMITS = {
  /** Events in one POST /events. */
  maxBatch: 500,
  maxLines: 200,
  maxModifiers: 20,
  maxLineTaxes: 5,
  maxDiscounts: 10,
  maxPayments: 10,
  maxQuantity: 9999,
  /** 1,000,000.00 in any amount field. */
  maxCents: 100_000_000,
  nameMax: 120,
  noteMax: 500,
  reasonMax: 200,
  localNumberMax: 40,
  appVersionMax: 40,
  deviceModelMax: 80,
  logEntriesMax: 50,
  logMessageMax: 1000,
  /** Print jobs handed out per GET /print-jobs. */
  printJobsPerPoll: 50,
  /** An event may be dated at most this far in the future (register clocks drift). */
  clockSkewMs: 10 * 60_000,
  /** Event times before 2020-01-01 are refused as a broken clock. */
  earliestEventAt: Date.UTC(2020, 0, 1),
  /** A kitchen ticket is printed for receipts rung up at most this long ago. */
  kitchenTicketMaxAgeMs: 15 * 60_000,
} as const;

/** Pairing codes: 8 characters without look-alikes (no 0/O, 1/I), valid 10 minutes, used once. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

/** A register sends its app version in this header on every call (optional). */
export const APP_VERSION_HEADER = 'x-hive-app-version';

// ---------------------------------------------------------------------------------------------
// Building blocks

const cents = (max: number = DEVICE_LIMITS.maxCents) =>
  z.int({ error: 'must be a whole number of cents' }).min(0, 'must not be negative').max(max, `must be at most ${max}`);
const positiveCents = () => cents().min(1, 'must be more than 0');
const id = () => z.int({ error: 'must be an id from config' }).min(1, 'must be an id from config').max(2_147_483_647);
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'must not contain control characters');
const name = (max: number = DEVICE_LIMITS.nameMax) => text(max).refine((v) => v.trim().length > 0, 'must not be empty');
const eventId = () => z.uuid({ error: 'must be a UUID' });
const at = () =>
  z
    .int({ error: 'must be a time in epoch milliseconds' })
    .min(DEVICE_LIMITS.earliestEventAt, 'must be a time in epoch milliseconds after 2020');

export const pairingCodeSchema = z
  .string({ error: 'enter the 8-character pairing code' })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(PAIRING_CODE_LENGTH, 'enter the 8-character pairing code')
      .regex(new RegExp(`^[${PAIRING_CODE_ALPHABET}]+$`), 'enter the 8-character pairing code'),
  );

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * Every 4xx/5xx answer: a stable code and an English sentence, plus what some statuses carry. Each
 * response of the OpenAPI document narrows `error` to its codes and requires what it always sends.
 */
export const errorBodySchema = z
  .object({
    error: z.string(),
    message: z.string(),
    /** Every 400: the problem of each field (`body` for the body as a whole), `{"<field>": "<problem>"}`. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Every 429: seconds to wait before sending the same request again (also in Retry-After). */
    retryAfter: z.int().min(1).optional(),
    /** 413: the route's body limit in bytes. */
    limitBytes: z.int().min(1).optional(),
    /** 409 `print_job_state`: where the print job already is. */
    status: z.enum(['queued', 'printed', 'failed', 'cancelled']).optional(),
  })
  .meta({ id: 'Error' });

// ---------------------------------------------------------------------------------------------
// Pairing

export const pairRequestSchema = z
  .object({
    code: z.string({ error: 'enter the 8-character pairing code' }).max(20, 'enter the 8-character pairing code'),
    appVersion: text(DEVICE_LIMITS.appVersionMax).optional(),
    deviceModel: text(DEVICE_LIMITS.deviceModelMax).optional(),
  })
  .meta({ id: 'PairRequest' });
export type PairRequest = z.input<typeof pairRequestSchema>;

export const pairResponseSchema = z
  .object({
    /** The device token: send it as `Authorization: Bearer <token>`. Shown once; keep it secret. */
    token: z.string(),
    terminal: z.object({
      id: z.int(),
      name: z.string(),
      locationId: z.int().nullable(),
      locationName: z.string().nullable(),
    }),
    company: z.object({ name: z.string() }),
    /**
     * The key that checks the employees' PIN verifiers of `config` (base64url, 32 bytes). Shown once,
     * like the token; keep it with the token. Pairing again gives a new one.
     */
    pinKey: z.string(),
  })
  .meta({ id: 'PairResponse' });
export type PairResponse = z.output<typeof pairResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Config

const taxType = z.enum(['added', 'included']);

export const deviceBannerSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    /** GET with the device token; the `v` query changes when the image does. */
    imageUrl: z.string(),
    contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
    size: z.int(),
    sha256: z.string(),
    /** Show from / until (epoch ms), null = no limit. Banners already over are not listed. */
    activeFrom: z.int().nullable(),
    activeUntil: z.int().nullable(),
    position: z.int(),
  })
  .meta({ id: 'Banner' });

export const deviceConfigSchema = z
  .object({
    /** The same value as the ETag, without quotes. */
    version: z.string(),
    generatedAt: z.int(),
    company: z.object({
      name: z.string(),
      currency: z.string(),
      timezone: z.string(),
      license: z.string(),
      addons: z.array(z.string()),
      receiptHeader: z.string(),
      receiptFooter: z.string(),
    }),
    terminal: z.object({ id: z.int(), name: z.string() }),
    location: z.object({ id: z.int(), name: z.string(), timezone: z.string() }).nullable(),
    categories: z.array(z.object({ id: z.int(), name: z.string(), color: z.string(), position: z.int() })),
    items: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        sku: z.string(),
        categoryId: z.int().nullable(),
        priceCents: z.int(),
        taxRateIds: z.array(z.int()),
        /** The item's price at each price level that has one of its own (others use priceCents). */
        levelPrices: z.array(z.object({ priceLevelId: z.int(), priceCents: z.int() })),
        /** The item's modifier groups (of `modifierGroups`), in the order the register offers them. */
        modifierGroupIds: z.array(z.int()),
      }),
    ),
    /**
     * Modifier groups (Products › Modifiers): a line of an item takes between minChoices and
     * maxChoices modifiers of each of its groups; a modifier's price is added to the unit price.
     * A receipt line names them in `modifiers` with `modifierId` (docs/device-api.md).
     */
    modifierGroups: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        minChoices: z.int(),
        maxChoices: z.int(),
        modifiers: z.array(z.object({ id: z.int(), name: z.string(), priceCents: z.int() })),
      }),
    ),
    taxRates: z.array(
      z.object({ id: z.int(), name: z.string(), rateBp: z.int(), type: taxType, archived: z.boolean() }),
    ),
    priceLevels: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        scheduled: z.boolean(),
        /** 0 = Sunday ... 6 = Saturday, in the location's time zone. */
        days: z.array(z.int()),
        startTime: z.string(),
        endTime: z.string(),
      }),
    ),
    orderTypes: z.array(z.object({ id: z.int(), name: z.string(), builtin: z.string().nullable() })),
    /**
     * The loyalty programme (add-on Loyalty): points earned per 1.00 of net sales (rounded down),
     * what 100 points are worth in cents, the fewest points redeemed at a time. Null without the add-on.
     */
    loyalty: z
      .object({
        enabled: z.boolean(),
        pointsPerUnit: z.int(),
        valuePer100Cents: z.int(),
        minRedeemPoints: z.int(),
      })
      .nullable(),
    /**
     * The active promotions (Offers › Promotions): rules the register applies by itself, with
     * `evaluatePromotions` of `@hive/register-sdk` (docs/device-api.md 4.7).
     */
    promotions: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        kind: z.enum(['buy_get', 'percent_off', 'spend_get']),
        priority: z.int(),
        stackable: z.boolean(),
        itemIds: z.array(z.int()),
        categoryIds: z.array(z.int()),
        buyQuantity: z.int(),
        getQuantity: z.int(),
        getPercentBp: z.int(),
        percentBp: z.int(),
        thresholdCents: z.int(),
        amountCents: z.int(),
        days: z.array(z.int()),
        startTime: z.string(),
        endTime: z.string(),
        startsOn: z.string().nullable(),
        endsOn: z.string().nullable(),
      }),
    ),
    /**
     * The active discounts a cashier may apply (Offers › Discounts). `restricted`: only an employee
     * whose rights include `discounts` applies it (others need a manager's PIN). A percentage is in
     * basis points; what it takes off follows `discountCents` (docs/device-api.md).
     */
    discounts: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        type: z.enum(['percent', 'amount']),
        percentBp: z.int().nullable(),
        amountCents: z.int().nullable(),
        scope: z.enum(['receipt', 'items']),
        itemIds: z.array(z.int()),
        categoryIds: z.array(z.int()),
        restricted: z.boolean(),
      }),
    ),
    paymentTypes: z.array(
      z.object({ id: z.int(), name: z.string(), builtin: z.string().nullable(), cashLike: z.boolean() }),
    ),
    /**
     * Active employees who work at this terminal's location; `pinVerifier` is
     * `scrypt-hmac$N$r$p$salt$verifier` (base64url), checked with the `pinKey` of the pairing, see
     * docs/device-api.md (null: no PIN can be checked). `rights`: what their role (Team › Roles)
     * allows here.
     */
    employees: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        pinVerifier: z.string().nullable(),
        role: z.enum(['admin', 'manager', 'user']),
        rights: z.object({ refunds: z.boolean(), discounts: z.boolean(), openDrawer: z.boolean(), void: z.boolean() }),
      }),
    ),
    /** Printers of the location; `terminalId` is the register that drives each. */
    printers: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        kind: z.enum(['receipt', 'kitchen']),
        address: z.string(),
        terminalId: z.int().nullable(),
        categoryIds: z.array(z.int()),
      }),
    ),
    banners: z.object({ kiosk: z.array(deviceBannerSchema), customerDisplay: z.array(deviceBannerSchema) }),
    /** The shift open on this terminal, if any (after a reinstall the register picks it up). */
    openShift: z.object({ id: z.string(), number: z.int(), openedAt: z.int(), openingFloatCents: z.int() }).nullable(),
    /**
     * Who of `employees` is on the clock (an open time entry, from any terminal): since when, and
     * the terminal of the clock_in (null: entered by a manager). A register offers them clock-out,
     * not clock-in (a second clock_in is rejected), and picks up those of its own terminal after a
     * reinstall, as it does its open shift.
     */
    clockedIn: z.array(z.object({ employeeId: z.int(), since: z.int(), terminalId: z.int().nullable() })),
    limits: z.object({ maxBatch: z.int(), maxLines: z.int(), maxPayments: z.int() }),
  })
  .meta({ id: 'Config' });
export type DeviceConfig = z.output<typeof deviceConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Events

export const EVENT_TYPES = [
  'receipt',
  'refund',
  'shift_open',
  'shift_close',
  'cash_movement',
  'clock_in',
  'clock_out',
  'break_start',
  'break_end',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const modifierSchema = z.object({
  name: name(),
  priceCents: cents(),
  /** The modifier of config `modifierGroups` (optional: a register may type one in). */
  modifierId: id().optional(),
});

const saleLineSchema = z.object({
  /** null: an item typed in at the register (no catalog entry). */
  itemId: id().nullable(),
  name: name(),
  quantity: z
    .int({ error: 'must be a whole number' })
    .min(1, 'must be at least 1')
    .max(DEVICE_LIMITS.maxQuantity, `must be at most ${DEVICE_LIMITS.maxQuantity}`),
  unitPriceCents: cents(),
  modifiers: z
    .array(modifierSchema)
    .max(DEVICE_LIMITS.maxModifiers, `at most ${DEVICE_LIMITS.maxModifiers}`)
    .optional(),
  discountCents: cents().optional(),
  /** The discount of config `discounts` the line's discountCents is (optional; checked when sent). */
  discountId: id().optional(),
  taxRateIds: z
    .array(id())
    .max(DEVICE_LIMITS.maxLineTaxes, `at most ${DEVICE_LIMITS.maxLineTaxes}`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a tax rate'),
});

const saleTotalsSchema = z.object({
  /** The lines at their price (quantity x (unit price + modifiers)). */
  subtotalCents: cents(DEVICE_LIMITS.maxCents * 100),
  /** Line discounts plus receipt discounts. */
  discountCents: cents(DEVICE_LIMITS.maxCents * 100),
  /** Every tax, included in the prices or added on top. */
  taxCents: cents(DEVICE_LIMITS.maxCents * 100),
  /** What the customer pays: subtotal - discount + added taxes (tips not included). */
  totalCents: cents(DEVICE_LIMITS.maxCents * 100),
  /** The tips of all payments (optional; checked when sent). */
  tipCents: cents().optional(),
});

/** The 16 digits of a gift card (spaces and dashes allowed): required on a `gift_card` payment, refused on others. */
const giftCardNumber = () =>
  z.string({ error: 'must be the gift card number' }).max(40, 'must be the gift card number');

const paymentSchema = z.object({
  paymentTypeId: id(),
  /** Tendered toward the total (cash: what the customer handed over, change given back separately). */
  amountCents: positiveCents(),
  tipCents: cents().optional(),
  giftCardNumber: giftCardNumber().optional(),
});

export const receiptEventSchema = z
  .object({
    id: eventId(),
    type: z.literal('receipt'),
    at: at(),
    /** The register's own receipt number as printed (the server numbers receipts itself). */
    localNumber: text(DEVICE_LIMITS.localNumberMax).optional(),
    shiftId: eventId().nullable().optional(),
    employeeId: id().nullable().optional(),
    orderTypeId: id().nullable().optional(),
    customerId: id().nullable().optional(),
    lines: z
      .array(saleLineSchema)
      .min(1, 'a receipt needs at least one line')
      .max(DEVICE_LIMITS.maxLines, `at most ${DEVICE_LIMITS.maxLines} lines`),
    discounts: z
      .array(
        z.object({
          name: name(),
          amountCents: positiveCents(),
          /** The discount of config `discounts` it is (optional; its amount is checked when sent). */
          discountId: id().optional(),
          /** The promotion of config `promotions` it is (checked with evaluatePromotions when sent). */
          promotionId: id().optional(),
          /** A loyalty redemption: the receipt customer's points it takes (amountCents = their value). */
          points: z
            .int({ error: 'must be a whole number of points' })
            .min(1, 'must be at least 1')
            .max(100_000_000, 'must be at most 100000000')
            .optional(),
        }),
      )
      .max(DEVICE_LIMITS.maxDiscounts, `at most ${DEVICE_LIMITS.maxDiscounts}`)
      .optional(),
    payments: z.array(paymentSchema).max(DEVICE_LIMITS.maxPayments, `at most ${DEVICE_LIMITS.maxPayments}`),
    changeCents: cents().optional(),
    totals: saleTotalsSchema,
    /** Print the lines on the kitchen printers their categories are routed to. */
    sendToKitchen: z.boolean().optional(),
    note: text(DEVICE_LIMITS.noteMax).optional(),
  })
  .meta({ id: 'ReceiptEvent' });
export type ReceiptEvent = z.input<typeof receiptEventSchema>;

export const refundEventSchema = z
  .object({
    id: eventId(),
    type: z.literal('refund'),
    at: at(),
    /** The event id of the sale (receipt event) being refunded. */
    receiptId: eventId(),
    localNumber: text(DEVICE_LIMITS.localNumberMax).optional(),
    shiftId: eventId().nullable().optional(),
    employeeId: id().nullable().optional(),
    reason: text(DEVICE_LIMITS.reasonMax).optional(),
    lines: z
      .array(
        z.object({
          /** The sale line's number (1 = its first line). */
          line: z.int({ error: 'must be a line number of the sale' }).min(1, 'must be a line number of the sale'),
          quantity: z
            .int({ error: 'must be a whole number' })
            .min(1, 'must be at least 1')
            .max(DEVICE_LIMITS.maxQuantity, `must be at most ${DEVICE_LIMITS.maxQuantity}`),
        }),
      )
      .min(1, 'a refund needs at least one line')
      .max(DEVICE_LIMITS.maxLines, `at most ${DEVICE_LIMITS.maxLines} lines`)
      .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, 'must not repeat a line'),
    /** How the money went back: the amounts add up to totals.totalCents. */
    payments: z
      .array(
        z.object({ paymentTypeId: id(), amountCents: positiveCents(), giftCardNumber: giftCardNumber().optional() }),
      )
      .max(DEVICE_LIMITS.maxPayments, `at most ${DEVICE_LIMITS.maxPayments}`),
    totals: saleTotalsSchema.omit({ tipCents: true }),
  })
  .meta({ id: 'RefundEvent' });
export type RefundEvent = z.input<typeof refundEventSchema>;

export const shiftOpenEventSchema = z
  .object({
    id: eventId(),
    type: z.literal('shift_open'),
    at: at(),
    employeeId: id().nullable().optional(),
    openingFloatCents: cents(),
  })
  .meta({ id: 'ShiftOpenEvent' });
export type ShiftOpenEvent = z.input<typeof shiftOpenEventSchema>;

export const shiftCloseEventSchema = z
  .object({
    id: eventId(),
    type: z.literal('shift_close'),
    at: at(),
    /** The event id of the shift_open. */
    shiftId: eventId(),
    employeeId: id().nullable().optional(),
    countedCashCents: cents(),
    note: text(DEVICE_LIMITS.noteMax).optional(),
  })
  .meta({ id: 'ShiftCloseEvent' });
export type ShiftCloseEvent = z.input<typeof shiftCloseEventSchema>;

export const cashMovementEventSchema = z
  .object({
    id: eventId(),
    type: z.literal('cash_movement'),
    at: at(),
    shiftId: eventId(),
    employeeId: id().nullable().optional(),
    kind: z.enum(['pay_in', 'pay_out'], { error: 'must be pay_in or pay_out' }),
    amountCents: positiveCents(),
    reason: name(DEVICE_LIMITS.reasonMax),
  })
  .meta({ id: 'CashMovementEvent' });
export type CashMovementEvent = z.input<typeof cashMovementEventSchema>;

/*
 * The time clock: an employee (required, from config.employees) clocks in and out at a register,
 * and starts and ends breaks in between. The server keeps one open entry per employee, whatever
 * the terminal: a clock_out or a break may be sent from another register of the company.
 */
const clockEventSchema = <T extends 'clock_in' | 'clock_out' | 'break_start' | 'break_end'>(type: T, metaId: string) =>
  z.object({ id: eventId(), type: z.literal(type), at: at(), employeeId: id() }).meta({ id: metaId });

export const clockInEventSchema = clockEventSchema('clock_in', 'ClockInEvent');
export type ClockInEvent = z.input<typeof clockInEventSchema>;
export const clockOutEventSchema = clockEventSchema('clock_out', 'ClockOutEvent');
export type ClockOutEvent = z.input<typeof clockOutEventSchema>;
export const breakStartEventSchema = clockEventSchema('break_start', 'BreakStartEvent');
export type BreakStartEvent = z.input<typeof breakStartEventSchema>;
export const breakEndEventSchema = clockEventSchema('break_end', 'BreakEndEvent');
export type BreakEndEvent = z.input<typeof breakEndEventSchema>;
export type ClockEvent = ClockInEvent | ClockOutEvent | BreakStartEvent | BreakEndEvent;

export const EVENT_SCHEMAS = {
  receipt: receiptEventSchema,
  refund: refundEventSchema,
  shift_open: shiftOpenEventSchema,
  shift_close: shiftCloseEventSchema,
  cash_movement: cashMovementEventSchema,
  clock_in: clockInEventSchema,
  clock_out: clockOutEventSchema,
  break_start: breakStartEventSchema,
  break_end: breakEndEventSchema,
} as const;

export type DeviceEvent =
  | ReceiptEvent
  | RefundEvent
  | ShiftOpenEvent
  | ShiftCloseEvent
  | CashMovementEvent
  | ClockInEvent
  | ClockOutEvent
  | BreakStartEvent
  | BreakEndEvent;
export type ParsedEvent = { [K in EventType]: z.output<(typeof EVENT_SCHEMAS)[K]> }[EventType];

/**
 * The batch envelope. Each element is checked on its own (a bad event is rejected alone); only an
 * element without a usable `id` fails the whole batch, since its outcome could not be reported.
 */
export const eventsRequestSchema = z.object({
  events: z
    .array(
      z.looseObject({
        id: eventId(),
        type: z.string({ error: `must be one of ${EVENT_TYPES.join(', ')}` }),
      }),
      { error: 'send {"events": [...]}' },
    )
    .min(1, 'send at least one event')
    .max(DEVICE_LIMITS.maxBatch, `at most ${DEVICE_LIMITS.maxBatch} events per batch`),
});

/** For the OpenAPI document: the batch with every event type spelled out. */
export const eventsRequestDocSchema = z
  .object({
    events: z
      .array(
        z.discriminatedUnion('type', [
          receiptEventSchema,
          refundEventSchema,
          shiftOpenEventSchema,
          shiftCloseEventSchema,
          cashMovementEventSchema,
          clockInEventSchema,
          clockOutEventSchema,
          breakStartEventSchema,
          breakEndEventSchema,
        ]),
      )
      .min(1)
      .max(DEVICE_LIMITS.maxBatch),
  })
  .meta({ id: 'EventBatch' });

export const EVENT_ERROR_CODES = [
  'invalid',
  'unknown_type',
  'bad_time',
  'totals_mismatch',
  'payments_mismatch',
  'discount_too_large',
  'amount_too_large',
  'unknown_item',
  'unknown_tax_rate',
  'unknown_payment_type',
  'unknown_order_type',
  'unknown_employee',
  'unknown_customer',
  'unknown_receipt',
  'unknown_line',
  'unknown_shift',
  'shift_closed',
  'shift_of_another_terminal',
  'shift_already_open',
  'refund_exceeds_sale',
  'not_a_sale',
  'stale_reference',
  'already_clocked_in',
  'not_clocked_in',
  'already_on_break',
  'not_on_break',
  'unknown_gift_card',
  'gift_card_expired',
  'gift_card_void',
  'gift_card_insufficient',
  'unknown_discount',
  'discount_mismatch',
  'loyalty_off',
  'not_enough_points',
  'points_value_mismatch',
  'unknown_promotion',
  'promotion_mismatch',
  'unknown_modifier',
] as const;
export type EventErrorCode = (typeof EVENT_ERROR_CODES)[number];

export interface EventError {
  /** Path inside the event, e.g. `lines.0.itemId`, or `event`. */
  field: string;
  code: EventErrorCode;
  message: string;
}

export const eventResultSchema = z
  .object({
    id: z.string(),
    status: z.enum(['stored', 'duplicate', 'rejected']),
    /** receipt / refund: the number the server gave it. */
    receiptNumber: z.int().optional(),
    /** shift_open / shift_close: the shift's number. */
    shiftNumber: z.int().optional(),
    /** shift_close: what the drawer should hold and counted - expected. */
    expectedCashCents: z.int().optional(),
    differenceCents: z.int().optional(),
    /** clock_in / clock_out / break_start / break_end: the time-clock entry it opened or changed. */
    timeEntryId: z.int().optional(),
    errors: z.array(z.object({ field: z.string(), code: z.enum(EVENT_ERROR_CODES), message: z.string() })).optional(),
  })
  .meta({ id: 'EventResult' });
export type EventResult = z.output<typeof eventResultSchema>;

export const eventsResponseSchema = z
  .object({
    results: z.array(eventResultSchema),
    stored: z.int(),
    duplicate: z.int(),
    rejected: z.int(),
  })
  .meta({ id: 'EventBatchResult' });
export type EventsResponse = z.output<typeof eventsResponseSchema>;

/** 422: every event of the batch was rejected (the body also lists each one's reasons). */
export const eventsRejectedSchema = eventsResponseSchema
  .extend({ error: z.literal('events_rejected'), message: z.string() })
  .meta({ id: 'EventBatchRejected' });

// ---------------------------------------------------------------------------------------------
// A sale as the server has it (GET /receipts/:id), for refunds on any register

export const deviceReceiptSchema = z
  .object({
    id: z.string(),
    number: z.int(),
    kind: z.enum(['sale', 'refund']),
    at: z.int(),
    terminalId: z.int().nullable(),
    totals: z.object({
      subtotalCents: z.int(),
      discountCents: z.int(),
      taxCents: z.int(),
      totalCents: z.int(),
      tipCents: z.int(),
    }),
    lines: z.array(
      z.object({
        line: z.int(),
        itemId: z.int().nullable(),
        name: z.string(),
        quantity: z.int(),
        unitPriceCents: z.int(),
        grossCents: z.int(),
        discountCents: z.int(),
        totalCents: z.int(),
        taxes: z.array(z.object({ taxRateId: z.int().nullable(), rateBp: z.int(), type: taxType, taxCents: z.int() })),
        /** What earlier refunds already returned of this line. */
        refunded: z.object({
          quantity: z.int(),
          grossCents: z.int(),
          discountCents: z.int(),
          taxCents: z.array(z.int()),
        }),
      }),
    ),
  })
  .meta({ id: 'Receipt' });
export type DeviceReceipt = z.output<typeof deviceReceiptSchema>;

// ---------------------------------------------------------------------------------------------
// Gift cards (GET /gift-cards/:number)

export const giftCardBalanceSchema = z
  .object({
    last4: z.string(),
    balanceCents: z.int(),
    /** Only an `active` card pays; an expired one still takes refunds, a void one nothing. */
    status: z.enum(['active', 'expired', 'void']),
    /** The last day it can be used (YYYY-MM-DD, the company's time zone), or null. */
    expiresOn: z.string().nullable(),
  })
  .meta({ id: 'GiftCardBalance' });

// ---------------------------------------------------------------------------------------------
// Print jobs

export const printDocumentSchema = z
  .object({
    lines: z.array(z.object({ text: z.string(), bold: z.boolean().optional(), large: z.boolean().optional() })),
  })
  .meta({ id: 'PrintDocument' });
export type PrintDocument = z.output<typeof printDocumentSchema>;

export const devicePrintJobSchema = z
  .object({
    id: z.int(),
    printerId: z.int(),
    kind: z.enum(['test', 'kitchen', 'receipt']),
    title: z.string(),
    createdAt: z.int(),
    document: printDocumentSchema,
  })
  .meta({ id: 'PrintJob' });

export const printJobsResponseSchema = z.object({ jobs: z.array(devicePrintJobSchema) }).meta({ id: 'PrintJobs' });

export const printAckRequestSchema = z
  .object({
    status: z.enum(['printed', 'failed'], { error: 'must be printed or failed' }),
    error: text(DEVICE_LIMITS.logMessageMax).optional(),
  })
  .meta({ id: 'PrintAck' });

export const printAckResponseSchema = z
  .object({ id: z.int(), status: z.enum(['queued', 'printed', 'failed', 'cancelled']) })
  .meta({ id: 'PrintAckResult' });

// ---------------------------------------------------------------------------------------------
// Device log

export const logRequestSchema = z
  .object({
    entries: z
      .array(
        z.object({
          at: at(),
          level: z.enum(['info', 'warning', 'error'], { error: 'must be info, warning or error' }),
          message: name(DEVICE_LIMITS.logMessageMax),
          code: text(60).optional(),
        }),
      )
      .min(1, 'send at least one entry')
      .max(DEVICE_LIMITS.logEntriesMax, `at most ${DEVICE_LIMITS.logEntriesMax} entries`),
  })
  .meta({ id: 'LogRequest' });

export const logResponseSchema = z.object({ accepted: z.int() }).meta({ id: 'LogResult' });

/**
 * The schemas the OpenAPI document names, by their `id` (nested ones too, so that each is a
 * component of its own): requests are described as the client sends them, answers as sent.
 */
export const openApiSchemas = {
  requests: [
    pairRequestSchema,
    eventsRequestDocSchema,
    receiptEventSchema,
    refundEventSchema,
    shiftOpenEventSchema,
    shiftCloseEventSchema,
    cashMovementEventSchema,
    clockInEventSchema,
    clockOutEventSchema,
    breakStartEventSchema,
    breakEndEventSchema,
    printAckRequestSchema,
    logRequestSchema,
  ],
  responses: [
    errorBodySchema,
    pairResponseSchema,
    deviceConfigSchema,
    deviceBannerSchema,
    eventsResponseSchema,
    eventResultSchema,
    eventsRejectedSchema,
    deviceReceiptSchema,
    giftCardBalanceSchema,
    printJobsResponseSchema,
    devicePrintJobSchema,
    printDocumentSchema,
    printAckResponseSchema,
    logResponseSchema,
  ],
} as const;
