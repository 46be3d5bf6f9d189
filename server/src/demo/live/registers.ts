/**
 * The demo's live registers: with demo data seeded, the demo's own terminals (terminals.ts: those
 * the demo seed created, unless a merchant paired a device of their own to one) are paired and
 * then driven through the real device API (the same HTTP calls a register makes, with the
 * simulator's client) and kept busy: a call at least every minute (so the terminals page shows it
 * online), a shift and an employee on the clock while its shop is open (never one someone else
 * has on the clock), a few sales a minute (the simulator's baskets from the company's own items
 * and payment types; restaurants' go to the kitchen printers) and the print queue worked off a
 * minute late (so the queue shows tickets waiting). Outside opening hours, in the location's own
 * time zone, the shift is closed and the register only keeps in touch.
 *
 * Nothing here writes a document: everything goes through /api/device/v1, so the receipts are
 * posted exactly as a real register's. The only direct write is the pairing (terminals.ts), which
 * a signed-in user and the register would otherwise do together.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type pg from 'pg';
import { DEVICE_LIMITS, type DeviceConfig, type DeviceEvent } from '@hive/shared/schemas/device';
import type { WeekHours } from '@hive/shared/schemas/ordering';
import { DeviceClient } from '@hive/shared/simulation/deviceClient';
import { SimulatedRegister, createRandom } from '@hive/shared/simulation/register';
import type { Database } from '../../database';
import type { LiveBus } from '../../platform/live';
import { demoLiveLease } from './lease';
import { DEMO_OPENING_HOURS, SALES_PER_MINUTE, isTrading, nextSaleGapMs } from './schedule';
import { LIVE_APP_VERSION, claimTerminal, demoTerminals } from './terminals';

export { LIVE_APP_VERSION };
/** How often each register looks at the clock. */
const TICK_MS = 5_000;
/** A call at least this often: well inside the terminals page's two-minute online window. */
const HEARTBEAT_MS = 45_000;
const PRINT_POLL_MS = 30_000;
/** After a failure (pairing, server busy), a register waits this long before trying again. */
const RETRY_MS = 60_000;
const TIME_CLOCK_NOOPS = new Set(['already_clocked_in', 'not_clocked_in']);

export interface LiveRegistersOptions {
  db: Kysely<Database>;
  /** This server's own address (the registers call it over HTTP, like real ones). */
  url: string;
  log: Logger;
  /** The key the demo's device tokens derive from (from AUTH_SECRET: the same on every instance). */
  key: Buffer;
  /** Announces a pairing to the terminals page. */
  live?: LiveBus;
  pgPool?: pg.Pool;
  schema?: string;
  /** The registers' clock (default Date.now). */
  now?: () => number;
  /** Default 5 s; 0 = no timer (tests call tick()). */
  tickMs?: number;
  salesPerMinute?: number;
  /** Opening hours by company slug (default DEMO_OPENING_HOURS). */
  hours?: (slug: string) => WeekHours | undefined;
}

export interface LiveRegisters {
  /** One round: every register does what is due. Never throws (failures are logged at warn). */
  tick(): Promise<void>;
  stop(): Promise<void>;
  /** How many registers are paired and playing (for tests and the log). */
  readonly playing: number;
}

interface Register {
  terminalId: number;
  name: string;
  slug: string;
  timezone: string;
  hours: WeekHours;
  device: DeviceClient | null;
  register: SimulatedRegister | null;
  employees: number[];
  /** Employees on the clock at another terminal (config.clockedIn): never clocked in here. */
  busy: Set<number>;
  queue: DeviceEvent[];
  etag: string;
  seenAt: number;
  printAt: number;
  /** Print jobs seen on the last poll: acknowledged on the next one. */
  printSeen: Set<number>;
  nextSaleAt: number;
  retryAt: number;
}

export function startLiveRegisters(options: LiveRegistersOptions): LiveRegisters {
  const { db, url, log } = options;
  const now = options.now ?? Date.now;
  const perMinute = options.salesPerMinute ?? SALES_PER_MINUTE;
  const hoursOf = options.hours ?? ((slug: string) => DEMO_OPENING_HOURS[slug]);
  const lease = demoLiveLease(options.pgPool, options.schema);
  const random = createRandom(`demo-live:${now()}`);
  let registers: Register[] | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let leaseCheckAt = 0;

  const warn = (r: Register | null, error: unknown, what: string) =>
    log.warn({ terminal: r?.name, company: r?.slug, err: (error as Error).message }, `demo live registers: ${what}`);

  /** Who is on the clock, from a configuration: this register's own are carried on. */
  function readClock(r: Register, config: DeviceConfig) {
    r.busy = new Set(config.clockedIn.filter((c) => c.terminalId !== r.terminalId).map((c) => c.employeeId));
    for (const c of config.clockedIn) if (c.terminalId === r.terminalId) r.register?.adoptClockIn(c.employeeId);
  }

  async function pair(r: Register, companyId: number) {
    const at = now();
    const token = await claimTerminal(
      db,
      { key: options.key, now: at, live: options.live },
      { id: r.terminalId, companyId },
    );
    if (token === null) {
      // A merchant's now (a device of their own, or a code out for one): look again later.
      r.retryAt = at + RETRY_MS;
      return;
    }
    const device = new DeviceClient(url, token, LIVE_APP_VERSION);
    const reply = await device.config();
    if (reply.status !== 200 || !reply.body) throw new Error(`GET config: HTTP ${reply.status}`);
    const config = reply.body;
    const register = new SimulatedRegister(config, {
      seed: `demo-live:${r.terminalId}:${at}`,
      restaurant: config.company.license.toLowerCase() === 'restaurant',
    });
    // A shift the demo history (or an earlier start) left open is carried on, not closed.
    if (config.openShift) register.adoptShift(config.openShift.id, config.openShift.openingFloatCents);
    r.device = device;
    r.register = register.canSell ? register : null;
    r.employees = config.employees.map((e) => e.id);
    readClock(r, config);
    r.etag = reply.headers.get('etag') ?? '';
    r.seenAt = now();
    r.nextSaleAt = now() + nextSaleGapMs(random, perMinute);
  }

  async function flush(r: Register) {
    if (!r.device || r.queue.length === 0) return;
    const batch = r.queue.slice(0, DEVICE_LIMITS.maxBatch);
    const reply = await r.device.send(batch);
    r.seenAt = now();
    if (reply.status === 200 || reply.status === 422) {
      r.queue.splice(0, batch.length);
      // Someone else clocked them in first (the simulator, a manager): theirs to clock out, not ours.
      for (const x of reply.body.results) {
        const event = batch.find((e) => e.id === x.id);
        if (event?.type !== 'clock_in' || !x.errors?.some((e) => e.code === 'already_clocked_in')) continue;
        r.register?.forgetClockIn(event.employeeId);
        r.busy.add(event.employeeId);
      }
      // The demo history leaves today's staff on the clock: someone already in (or already out)
      // is the state the register wanted, not a fault worth a warning.
      const rejected = reply.body.results.filter(
        (x) => x.status === 'rejected' && !x.errors?.every((e) => TIME_CLOCK_NOOPS.has(e.code)),
      );
      if (rejected.length > 0) {
        log.warn(
          { terminal: r.name, company: r.slug, reasons: rejected.slice(0, 3).map((x) => x.errors) },
          'demo live registers: events rejected',
        );
      }
    } else if (reply.status === 401) {
      // Unpaired from the terminals page, or a merchant's device paired to it: taken back later
      // only if free again (the demo is meant to stay open, never at a merchant's expense).
      r.device = null;
      r.queue = [];
      r.retryAt = now() + RETRY_MS;
    } else {
      r.retryAt = now() + RETRY_MS;
      throw new Error(`POST events: HTTP ${reply.status}`);
    }
  }

  async function play(r: Register, companyId: number) {
    const at = now();
    if (at < r.retryAt) return;
    try {
      if (!r.device) await pair(r, companyId);
      // Not the demo's for now: nothing to sell on, nothing queued.
      if (!r.device) return;
      const sim = r.register;
      if (sim) {
        if (isTrading(at, r.timezone, r.hours)) {
          if (!sim.openShiftId) r.queue.push(sim.openShift(at));
          if (sim.onTheClock.length === 0) {
            // Each register its own employee (by terminal id), the next one free when they are busy.
            const n = r.employees.length;
            const crew = Array.from({ length: n }, (_, k) => r.employees[(r.terminalId + k) % n]!).find(
              (id) => !r.busy.has(id),
            );
            if (crew !== undefined) r.queue.push(sim.clockIn(at, crew));
          }
          if (at >= r.nextSaleAt) {
            r.queue.push(sim.sale(at));
            if (sim.wantsRefund()) {
              const refund = sim.refund(at);
              if (refund) r.queue.push(refund);
            }
            r.nextSaleAt = at + nextSaleGapMs(random, perMinute);
          }
        } else if (sim.openShiftId || sim.onTheClock.length > 0) {
          // Closing time: the drawer counted, everyone clocked out.
          if (sim.openShiftId) r.queue.push(sim.closeShift(at));
          r.queue.push(...sim.clockOutAll(at));
        }
      }
      await flush(r);
      const device = r.device as DeviceClient | null;
      if (!device) return;
      if (at - r.seenAt >= HEARTBEAT_MS) {
        const reply = await device.config(r.etag);
        r.seenAt = now();
        if (reply.status === 200) r.etag = reply.headers.get('etag') ?? r.etag;
        if (reply.status === 200 && reply.body) readClock(r, reply.body);
        if (reply.status === 401) r.device = null;
      }
      if (at - r.printAt >= PRINT_POLL_MS) {
        r.printAt = at;
        const jobs = await device.call<{ jobs: { id: number }[] }>('GET', '/print-jobs');
        const ids = jobs.status === 200 ? jobs.body.jobs.map((j) => j.id) : [];
        for (const id of ids) {
          if (r.printSeen.has(id)) await device.call('POST', `/print-jobs/${id}/ack`, { status: 'printed' });
        }
        r.printSeen = new Set(ids);
      }
    } catch (error) {
      r.retryAt = now() + RETRY_MS;
      warn(r, error, 'a register failed; it tries again in a minute');
    }
  }

  const companyOf = new Map<number, number>();

  async function round() {
    if (stopped) return;
    try {
      if (registers === null) {
        // Another instance may hold the lease: look again every minute.
        if (now() < leaseCheckAt) return;
        leaseCheckAt = now() + RETRY_MS;
        if (!(await lease.take())) return;
        const found = await demoTerminals(db, hoursOf);
        registers = found.map((t) => {
          companyOf.set(t.id, t.companyId);
          return {
            terminalId: t.id,
            name: t.name,
            slug: t.slug,
            timezone: t.timezone,
            hours: t.hours,
            device: null,
            register: null,
            employees: [],
            busy: new Set(),
            queue: [],
            etag: '',
            seenAt: 0,
            printAt: now(),
            printSeen: new Set(),
            nextSaleAt: 0,
            retryAt: 0,
          };
        });
        log.info({ terminals: registers.length }, 'demo live registers: open for business');
      }
      // One register after the other: a demo's few terminals, no burst on a small machine.
      for (const r of registers) {
        if (stopped) return;
        await play(r, companyOf.get(r.terminalId)!);
      }
    } catch (error) {
      warn(null, error, 'a round failed');
    }
  }

  const tick = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  const tickMs = options.tickMs ?? TICK_MS;
  const timer = tickMs > 0 ? setInterval(() => void tick(), tickMs) : null;
  // The demo never keeps a process alive (tests, CLI tools sharing the app).
  timer?.unref();

  return {
    tick,
    get playing() {
      return registers?.filter((r) => r.device !== null).length ?? 0;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await lease.release().catch((error: unknown) => warn(null, error, 'releasing the lease failed'));
    },
  };
}
