import express, { type ErrorRequestHandler, type Express, type Router } from 'express';
import {
  DEVICE_API_BASE,
  DEVICE_LIMITS,
  eventsRequestSchema,
  logRequestSchema,
  pairRequestSchema,
  pairingCodeSchema,
  printAckRequestSchema,
  type DeviceReceipt,
  type PairResponse,
  type PrintDocument,
} from '@hive/shared/schemas/device';
import type { AuthContext } from '../auth';
import { HttpError, parseOrThrow, rateLimit, requireJson, tooMany } from '../../platform/http';
import {
  acknowledgePrintJob,
  bannerVersion,
  clearPairingCode,
  markPrintJobsDelivered,
  markTerminalSynced,
  newDeviceToken,
  pairTerminal,
  sha256,
  writeLog,
} from '../devices';
import { ingestEvents, loadSales } from '../receipts';
import { deviceAuth, deviceOf, type DeviceLimiters } from './auth';
import { configFor, invalidateConfig } from './config';
import { balanceByNumber } from '../rewards';
import { normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/rewards';
import { openApiDocument } from './openapi';
import { chargeGiftCardMisses, chargeMisses } from './giftCardMisses';
import { pinMaster, terminalPinKey } from './pinVerifiers';

/** A batch of 500 large receipts fits; a bigger body is a 413. */
export const DEVICE_BODY_LIMIT = '5mb';

const noStore = <T extends { set(field: string, value: string): T }>(res: T) => res.set('Cache-Control', 'no-store');
const notFound = (what: string) => new HttpError(404, { error: 'not_found', message: `No such ${what}.` });

/** `:id` of a print job or banner: a positive integer, else 404. */
function intParam(value: unknown, what: string): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound(what);
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A print job's document as stored (JSON), or an empty one if unreadable. */
function documentOf(text: string): PrintDocument {
  try {
    const value = JSON.parse(text) as PrintDocument;
    return Array.isArray(value?.lines) ? value : { lines: [] };
  } catch {
    return { lines: [] };
  }
}

/** Redelivered when a register fetched a job but did not acknowledge it within this time. */
const REDELIVER_MS = 60_000;

/**
 * `/api/device/v1`: the registers' API (docs/device-api.md). JSON in and out; every route but
 * `pair` and `openapi.json` takes a device token.
 */
export function deviceRouter(ctx: AuthContext, limiters: DeviceLimiters): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requireJson());

  router.get('/openapi.json', (req, res) => {
    if (!req.accepts('application/json')) {
      throw new HttpError(406, { error: 'not_acceptable', message: 'Accept: this document is application/json.' });
    }
    res.set('Cache-Control', 'no-cache').json(openApiDocument());
  });

  router.post('/pair', rateLimit(limiters.pair, 'pairing attempts'), async (req, res) => {
    const input = parseOrThrow(pairRequestSchema, req.body);
    const parsedCode = pairingCodeSchema.safeParse(input.code);
    if (!parsedCode.success) {
      throw new HttpError(400, {
        error: 'validation_error',
        message: 'code: enter the 8-character pairing code',
        fields: { code: 'enter the 8-character pairing code' },
      });
    }
    const codeHash = sha256(parsedCode.data);
    const now = ctx.now();
    const terminal = await db
      .selectFrom('terminals as t')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .leftJoin('locations as l', 'l.id', 't.location_id')
      .select([
        't.id',
        't.company_id',
        't.name',
        't.status',
        't.location_id',
        't.pairing_expires_at',
        'l.name as location_name',
        'c.name as company_name',
        'c.status as company_status',
      ])
      .where('t.pairing_code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!terminal) {
      throw new HttpError(400, {
        error: 'pairing_code_invalid',
        message:
          'This pairing code is not valid: check it, or create a new one in the back-office (Devices > Terminals).',
        fields: { code: 'no such pairing code: check it, or create a new one in the back-office' },
      });
    }
    if (terminal.pairing_expires_at === null || Number(terminal.pairing_expires_at) <= now) {
      await clearPairingCode(db, terminal.id);
      throw new HttpError(400, {
        error: 'pairing_code_expired',
        message: 'This pairing code has expired (codes are valid 10 minutes): create a new one in the back-office.',
        fields: { code: 'this pairing code has expired: create a new one in the back-office' },
      });
    }
    if (terminal.company_status !== 'active') {
      throw new HttpError(403, {
        error: 'company_suspended',
        message: 'This company is suspended: its registers cannot pair.',
      });
    }
    const token = newDeviceToken();
    const tokenHash = sha256(token);
    const replaced = terminal.status === 'paired';
    const updated = await db.transaction().execute(async (trx) => {
      // Single use: only the request that clears the code pairs the terminal.
      const paired = await pairTerminal(trx, terminal.id, codeHash, {
        tokenHash,
        now,
        appVersion: input.appVersion,
        deviceModel: input.deviceModel,
      });
      if (!paired) return false;
      await writeLog(trx, {
        companyId: terminal.company_id,
        terminalId: terminal.id,
        at: now,
        kind: 'pairing',
        message: replaced ? 'Paired with a new device; the previous device token was revoked' : 'Paired',
        details: { appVersion: input.appVersion ?? null, deviceModel: input.deviceModel ?? null },
      });
      return true;
    });
    if (!updated) {
      throw new HttpError(400, {
        error: 'pairing_code_invalid',
        message: 'This pairing code has just been used.',
        fields: { code: 'this pairing code has just been used' },
      });
    }
    const body: PairResponse = {
      token,
      terminal: {
        id: terminal.id,
        name: terminal.name,
        locationId: terminal.location_id,
        locationName: terminal.location_name ?? null,
      },
      company: { name: terminal.company_name },
      pinKey: terminalPinKey(pinMaster(ctx.secret), terminal.id, tokenHash).toString('base64url'),
    };
    // The cached configuration carries the previous pairing's verifiers.
    invalidateConfig(db, terminal.company_id);
    ctx.live.publishChange(terminal.company_id, 'terminals', { terminalId: terminal.id });
    noStore(res).json(body);
  });

  router.use(deviceAuth(ctx, limiters));

  router.get('/config', async (req, res) => {
    const device = deviceOf(res);
    const entry = await configFor(
      db,
      { companyId: device.companyId, terminalId: device.terminalId, pinMaster: pinMaster(ctx.secret) },
      ctx.now(),
    );
    res.set({ ETag: entry.etag, 'Cache-Control': 'private, no-cache' });
    const sent = req.get('if-none-match');
    const matches =
      sent !== undefined &&
      sent
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''))
        .some((tag) => tag === '*' || tag === entry.etag.replace(/^W\//, ''));
    if (matches) {
      res.status(304).end();
      return;
    }
    if (sent !== undefined) {
      await writeLog(db, {
        companyId: device.companyId,
        terminalId: device.terminalId,
        at: ctx.now(),
        kind: 'config',
        message: 'Downloaded a new configuration',
        details: { version: entry.config.version },
      });
    }
    res.type('application/json').send(entry.body);
  });

  // A gift card's balance before it is taken as a payment. Only misses count against the limits
  // (shared with the events' card payments: giftCardMisses.ts), so a register checking real cards
  // is never slowed down.
  router.get('/gift-cards/:number', async (req, res) => {
    const device = deviceOf(res);
    const digits = normalizeGiftCardNumber(String(req.params.number));
    const card = digits === null ? null : await balanceByNumber(db, device.companyId, digits, ctx.now());
    await chargeMisses(device, card ? 0 : 1, limiters);
    if (!card) throw notFound('gift card');
    noStore(res).json(card);
  });

  router.post('/events', async (req, res) => {
    const { events } = parseOrThrow(eventsRequestSchema, req.body);
    const device = deviceOf(res);
    const limit = await limiters.events.consume(String(device.terminalId), events.length);
    if (!limit.allowed) throw tooMany('events', limit.retryAfter, 'from this terminal');
    await chargeGiftCardMisses(db, device, events, limiters);
    const now = ctx.now();
    const metrics = ctx.metrics?.ingest;
    const started = performance.now();
    let result;
    try {
      result = await ingestEvents(db, device, events, { now, live: ctx.live, metrics });
    } catch (error) {
      metrics?.batch((performance.now() - started) / 1000, 'error');
      throw error;
    }
    metrics?.batch((performance.now() - started) / 1000, {
      stored: result.stored,
      duplicate: result.duplicate,
      rejected: result.rejected,
      receipts: result.receiptNumbers.length,
    });
    const rejected = result.results.filter((r) => r.status === 'rejected');
    await markTerminalSynced(db, device.terminalId, now);
    await writeLog(db, {
      companyId: device.companyId,
      terminalId: device.terminalId,
      at: now,
      kind: 'sync',
      level: rejected.length > 0 ? 'warning' : 'info',
      message: `${events.length} event${events.length === 1 ? '' : 's'}: ${result.stored} stored, ${result.duplicate} duplicate, ${result.rejected} rejected`,
      details: {
        stored: result.stored,
        duplicate: result.duplicate,
        rejected: result.rejected,
        rejectedEvents: rejected.slice(0, 20).map((r) => ({ id: r.id, errors: r.errors })),
      },
    });
    if (events.some((e) => e.type === 'shift_open' || e.type === 'shift_close') && result.stored > 0) {
      invalidateConfig(db, device.companyId);
    }
    const body = {
      results: result.results,
      stored: result.stored,
      duplicate: result.duplicate,
      rejected: result.rejected,
    };
    if (result.rejected === events.length) {
      const first = rejected[0]?.errors?.[0]?.message ?? 'rejected';
      noStore(res)
        .status(422)
        .json({
          error: 'events_rejected',
          message: `Every event of the batch was rejected (the first: ${first}). Fix them before sending them again.`,
          ...body,
        });
      return;
    }
    noStore(res).json(body);
  });

  // A sale as stored, to refund it on any register: by its event id or its receipt number.
  router.get('/receipts/:id', async (req, res) => {
    const { companyId } = deviceOf(res);
    const param = req.params.id;
    let query = db
      .selectFrom('receipts')
      .select([
        'id',
        'client_id',
        'number',
        'kind',
        'created_at',
        'terminal_id',
        'gross_cents',
        'discount_cents',
        'tax_cents',
        'total_cents',
        'tip_cents',
      ])
      .where('company_id', '=', companyId)
      .where('client_id', 'is not', null);
    if (UUID.test(param)) query = query.where('client_id', '=', param.toLowerCase());
    else if (/^[1-9]\d{0,9}$/.test(param)) query = query.where('number', '=', Number(param));
    else throw notFound('receipt');
    const receipt = await query.executeTakeFirst();
    if (!receipt) throw notFound('receipt');
    const [sale] = await loadSales(db, companyId, [receipt.client_id!]);
    const body: DeviceReceipt = {
      id: receipt.client_id!,
      number: Number(receipt.number),
      kind: receipt.kind,
      at: Number(receipt.created_at),
      terminalId: receipt.terminal_id,
      totals: {
        subtotalCents: Number(receipt.gross_cents),
        discountCents: Number(receipt.discount_cents),
        taxCents: Number(receipt.tax_cents),
        totalCents: Number(receipt.total_cents),
        tipCents: Number(receipt.tip_cents),
      },
      lines: (sale?.lines ?? []).map((l) => ({
        line: l.position,
        itemId: l.itemId,
        name: l.name,
        quantity: l.sale.quantity,
        unitPriceCents: Math.round(l.sale.grossCents / Math.max(1, l.sale.quantity)),
        grossCents: l.sale.grossCents,
        discountCents: l.sale.discountCents,
        totalCents:
          l.sale.grossCents -
          l.sale.discountCents +
          l.sale.taxes.reduce((s, t) => s + (t.type === 'added' ? t.taxCents : 0), 0),
        taxes: l.sale.taxes.map((t, k) => ({
          taxRateId: l.taxIds[k] ?? null,
          rateBp: t.rateBp,
          type: t.type,
          taxCents: t.taxCents,
        })),
        refunded: {
          quantity: l.sale.refunded.quantity,
          grossCents: l.sale.refunded.grossCents,
          discountCents: l.sale.refunded.discountCents,
          taxCents: [...l.sale.refunded.taxCents],
        },
      })),
    };
    noStore(res).json(body);
  });

  // Jobs of the printers this terminal drives, oldest first; a job fetched but not acknowledged
  // within a minute is offered again.
  router.get('/print-jobs', async (_req, res) => {
    const { companyId, terminalId } = deviceOf(res);
    const now = ctx.now();
    const jobs = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('print_jobs as j')
        .innerJoin('printers as p', 'p.id', 'j.printer_id')
        .select(['j.id', 'j.printer_id', 'j.kind', 'j.title', 'j.content', 'j.created_at'])
        .where('j.company_id', '=', companyId)
        .where('p.terminal_id', '=', terminalId)
        .where('p.active', '=', 1)
        .where('j.status', '=', 'queued')
        .where((eb) => eb.or([eb('j.delivered_at', 'is', null), eb('j.delivered_at', '<', now - REDELIVER_MS)]))
        .orderBy('j.created_at')
        .orderBy('j.id')
        .limit(DEVICE_LIMITS.printJobsPerPoll)
        .execute();
      if (rows.length > 0) {
        await markPrintJobsDelivered(
          trx,
          companyId,
          rows.map((r) => r.id),
          now,
        );
      }
      return rows;
    });
    // The print queue shows a job sent to its register.
    if (jobs.length > 0) ctx.live.publishChange(companyId, 'print-jobs');
    noStore(res).json({
      jobs: jobs.map((j) => ({
        id: j.id,
        printerId: j.printer_id,
        kind: j.kind,
        title: j.title,
        createdAt: Number(j.created_at),
        document: documentOf(j.content),
      })),
    });
  });

  router.post('/print-jobs/:id/ack', async (req, res) => {
    const id = intParam(req.params.id, 'print job');
    const input = parseOrThrow(printAckRequestSchema, req.body);
    const { companyId, terminalId } = deviceOf(res);
    const now = ctx.now();
    const job = await db
      .selectFrom('print_jobs as j')
      .innerJoin('printers as p', 'p.id', 'j.printer_id')
      .select(['j.id', 'j.status', 'j.title', 'p.name'])
      .where('j.id', '=', id)
      .where('j.company_id', '=', companyId)
      .where('p.terminal_id', '=', terminalId)
      .executeTakeFirst();
    if (!job) throw notFound('print job');
    if (job.status !== 'queued') {
      if (job.status === input.status) {
        noStore(res).json({ id, status: job.status });
        return;
      }
      throw new HttpError(409, {
        error: 'print_job_state',
        message: `This job is already ${job.status}.`,
        status: job.status,
      });
    }
    await db.transaction().execute(async (trx) => {
      await acknowledgePrintJob(trx, companyId, id, { status: input.status, error: input.error, now });
      if (input.status === 'failed') {
        await writeLog(trx, {
          companyId,
          terminalId,
          at: now,
          kind: 'printing',
          level: 'error',
          message: `Could not print "${job.title}" on ${job.name}${input.error ? `: ${input.error.trim()}` : ''}`,
          details: { jobId: id },
        });
      }
    });
    ctx.live.publishChange(companyId, 'print-jobs', { jobId: id, status: input.status });
    noStore(res).json({ id, status: input.status });
  });

  // What the register wants the merchant to see in the terminal log (errors, warnings).
  router.post('/logs', async (req, res) => {
    const { entries } = parseOrThrow(logRequestSchema, req.body);
    const { companyId, terminalId } = deviceOf(res);
    const now = ctx.now();
    await writeLog(
      db,
      entries.map((e) => ({
        companyId,
        terminalId,
        at: Math.min(e.at, now),
        kind: 'device' as const,
        level: e.level,
        message: e.message.trim(),
        details: { ...(e.code ? { code: e.code } : {}), reportedAt: e.at },
      })),
    );
    noStore(res).status(202).json({ accepted: entries.length });
  });

  router.get('/banners/:id/image', async (req, res) => {
    const { companyId } = deviceOf(res);
    const row = await db
      .selectFrom('banners')
      .select(['content_type', 'bytes', 'sha256'])
      .where('id', '=', intParam(req.params.id, 'banner'))
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw notFound('banner');
    const versioned = req.query.v === bannerVersion(row.sha256);
    res
      .set({
        'Content-Type': row.content_type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        ETag: `"${row.sha256}"`,
      })
      .send(Buffer.from(row.bytes));
  });

  // An id that is not even decodable (`%E0%A4%A`) is no id: 404 like any unknown one, not the
  // router's 400 without `fields`.
  router.use(((err, _req, _res, next) => {
    next(err instanceof URIError ? notFound('record') : err);
  }) as ErrorRequestHandler);

  return router;
}

/**
 * The device API's own JSON parser (batches are larger than the API's usual 32 kB), before mountApi.
 * A GET's body means nothing (RFC 9110) and no route reads one: no parser reads it either, so that
 * it cannot fail a read (the document declares no 400, 413 or 415 on a GET).
 */
export function mountDeviceParser(app: Express): void {
  app.use(DEVICE_API_BASE, (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') delete req.headers['content-type'];
    next();
  });
  app.use(DEVICE_API_BASE, express.json({ limit: DEVICE_BODY_LIMIT }));
}

export function mountDevice(app: Express, ctx: AuthContext, limiters: DeviceLimiters): void {
  app.use(DEVICE_API_BASE, deviceRouter(ctx, limiters));
}
