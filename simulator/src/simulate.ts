/**
 * The register simulator: signs in as the company's owner, creates and pairs its terminals
 * ("Simulator 1" ... "Simulator N", reused on later runs: each run pairs them again with a fresh
 * code), opens a shift on each and clocks one of its employees in, streams sales at the given
 * rate through `/api/device/v1/events`, closes the shifts with a counted-cash difference and clocks
 * the employees out, and reports what the server did with every event. The same seed (with the
 * same company, terminals, rate and duration) gives the same event ids, so running it twice stores
 * nothing the second time.
 *
 * A run starts from whatever state the server is in: what an earlier run cut short left at the
 * simulator's terminals (an open shift, employees on the clock) is closed first, and nobody on
 * the clock elsewhere (at the demo's live registers, at a merchant's, typed in by a manager) is
 * clocked in again: the server keeps one open time entry per employee and would refuse it.
 */
import { DEVICE_LIMITS, type DeviceConfig, type DeviceEvent, type EventResult } from '@hive/shared/schemas/device';
import { SimulatedRegister, uuidFrom } from '@hive/shared/simulation/register';
import { BackofficeSession, DeviceClient, HttpProblem } from './clients';

export interface SimulationOptions {
  url: string;
  /**
   * Several instances of one server (one database): terminal k talks to `deviceUrls[(k - 1) % n]`,
   * as registers spread by a load balancer would (the back-office calls still go to `url`).
   */
  deviceUrls?: string[];
  company: string;
  terminals: number;
  /** Sales per second, per terminal. */
  rate: number;
  /** Seconds of selling. */
  duration: number;
  seed: string;
  email?: string;
  password?: string;
  /** Progress and problems (stderr in the CLI). */
  log?: (line: string) => void;
  /** How often each terminal sends what it has queued (default 1 s). */
  flushMs?: number;
  /** The registers' clock for the events' `at` (default Date.now; tests pass the server's). */
  now?: () => number;
  /** The owner already signed in (a benchmark playing hundreds of companies signs each in once). */
  session?: BackofficeSession;
}

export interface SimulationSummary {
  sent: number;
  stored: number;
  duplicate: number;
  rejected: number;
  /** Terminals whose token the server refused (unpaired meanwhile). */
  revoked: string[];
  /** Requests that failed and were retried (network, 5xx). */
  retries: number;
  /** Milliseconds of each POST /events. */
  latencies: number[];
  /** Events never answered (the server stayed unreachable). */
  unsent: number;
  /** The first rejection reasons, for the log. */
  reasons: string[];
}

/** The demo companies' owners (development only; their password is public). */
export const DEMO_OWNERS: Record<string, string> = {
  'corner-market': 'owner@cornermarket.test',
  'blue-door-bistro': 'owner@bluedoor.test',
  'atlas-consulting': 'owner@atlas.test',
  'tiny-kiosk': 'owner@tinykiosk.test',
  'green-leaf-grocers': 'owner@greenleaf.test',
};
export const DEMO_PASSWORD = 'hive-demo-2026';

const CONFIG_POLL_MS = 30_000;
const SIMULATOR_TERMINAL = /^Simulator \d+$/;
const PRINT_POLL_MS = 5_000;
const DRAIN_TIMEOUT_MS = 60_000;

interface SimTerminal {
  name: string;
  device: DeviceClient;
  register: SimulatedRegister;
  queue: DeviceEvent[];
  busy: boolean;
  revoked: boolean;
  retryAt: number;
  etag: string;
  configAt: number;
  printAt: number;
  due: number;
  /** Where in each sale's interval and each flush this terminal is (registers do not tick together). */
  phase: number;
  lastFlush: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const log = options.log ?? (() => {});
  const flushMs = options.flushMs ?? 1_000;
  const clock = options.now ?? Date.now;
  const email = options.email ?? DEMO_OWNERS[options.company];
  if (!email) throw new Error(`--company ${options.company}: not a demo company; give --email and --password`);
  const session =
    options.session ?? (await BackofficeSession.signIn(options.url, email, options.password ?? DEMO_PASSWORD));
  const company = await session.company();
  if (company.slug !== options.company) {
    throw new Error(`${email} belongs to ${company.slug}, not ${options.company}`);
  }

  // The terminals: "Simulator k", spread over the active locations, created once and reused.
  const locations = (await session.terminalOptions()).locations.filter((l) => l.active);
  if (locations.length === 0) throw new Error(`${company.name} has no active location`);
  const existing = (await session.terminals()).rows;
  const top = await session.topItems();
  const terminals: SimTerminal[] = [];
  // One employee on the clock per terminal, never the same one twice (one open entry per person).
  const onTheClock = new Set<number>();
  // Whatever is open at a "Simulator k" (of any earlier run, whatever its --terminals) is ours to end.
  const ours = new Set(existing.filter((t) => SIMULATOR_TERMINAL.test(t.name)).map((t) => t.id));
  const sentHome = new Set<number>();
  for (let k = 1; k <= options.terminals; k += 1) {
    const name = `Simulator ${k}`;
    const found = existing.find((t) => t.name === name);
    const pairing = found
      ? await session.pairingCode(found)
      : await session.addTerminal(name, locations[(k - 1) % locations.length]!.id);
    const deviceUrl = options.deviceUrls?.length
      ? options.deviceUrls[(k - 1) % options.deviceUrls.length]!
      : options.url;
    const paired = await DeviceClient.pair(deviceUrl, pairing.pairingCode, `Hive register simulator #${k}`);
    const device = new DeviceClient(deviceUrl, paired.token);
    const reply = await device.config();
    if (reply.status !== 200 || !reply.body) throw new HttpProblem(reply.status, reply.body, `${name}: GET config`);
    const config: DeviceConfig = reply.body;
    const weights = new Map<number, number>();
    if (top) for (const item of config.items) if (top.includes(item.name)) weights.set(item.id, 5);
    const register = new SimulatedRegister(config, {
      seed: `sim:${options.seed}:${options.company}:${options.terminals}x${options.rate}/s:${options.duration}s:${k}`,
      restaurant: config.company.license.toLowerCase() === 'restaurant',
      weights: weights.size > 0 ? weights : undefined,
    });
    if (!register.canSell) throw new Error(`${company.name} has no active items or no cash payment type to sell with`);
    const queue: DeviceEvent[] = [];
    const now = clock();
    if (config.openShift) {
      // Left open by an earlier run that did not finish: close it first (an id of its own, so a
      // rerun sends the same one).
      queue.push({
        id: uuidFrom(`close-stale:${config.openShift.id}`),
        type: 'shift_close',
        at: now,
        shiftId: config.openShift.id,
        countedCashCents: config.openShift.openingFloatCents,
        note: 'Closed by the simulator: left open by an earlier run',
      });
    }
    // Clocked in at a simulator terminal by a run that never clocked them out: out first (a
    // clock_out may come from any register of the company). Anyone else on the clock stays so.
    const busy = new Set<number>();
    for (const entry of config.clockedIn) {
      if (entry.terminalId === null || !ours.has(entry.terminalId)) busy.add(entry.employeeId);
      else if (!sentHome.has(entry.employeeId)) {
        sentHome.add(entry.employeeId);
        queue.push({
          id: uuidFrom(`clock-out-stale:${entry.terminalId}:${entry.employeeId}:${entry.since}`),
          type: 'clock_out',
          at: Math.max(now, entry.since),
          employeeId: entry.employeeId,
        });
      }
    }
    queue.push(register.openShift(now));
    const crew = config.employees.find((e) => !onTheClock.has(e.id) && !busy.has(e.id));
    if (crew) {
      onTheClock.add(crew.id);
      queue.push(register.clockIn(now, crew.id));
    }
    terminals.push({
      name,
      device,
      register,
      queue,
      busy: false,
      revoked: false,
      retryAt: 0,
      etag: reply.headers.get('etag') ?? '',
      configAt: Date.now(),
      printAt: Date.now(),
      due: 0,
      phase: (k - 1) / options.terminals,
      lastFlush: 0,
    });
    log(`${name}: paired (terminal ${paired.terminal.id} at ${paired.terminal.locationName ?? 'no location'})`);
  }

  const outcomes = new Map<string, EventResult['status']>();
  const summary: SimulationSummary = {
    sent: 0,
    stored: 0,
    duplicate: 0,
    rejected: 0,
    revoked: [],
    retries: 0,
    latencies: [],
    unsent: 0,
    reasons: [],
  };
  const record = (results: EventResult[]) => {
    for (const r of results) {
      if (outcomes.has(r.id)) continue;
      outcomes.set(r.id, r.status);
      if (r.status === 'rejected' && summary.reasons.length < 10) {
        summary.reasons.push(`${r.id}: ${r.errors?.map((e) => e.message).join('; ')}`);
      }
    }
  };

  const flush = async (t: SimTerminal) => {
    if (t.busy || t.revoked || t.queue.length === 0 || Date.now() < t.retryAt) return;
    t.busy = true;
    const batch = t.queue.slice(0, DEVICE_LIMITS.maxBatch);
    const started = performance.now();
    try {
      const reply = await t.device.send(batch);
      summary.latencies.push(performance.now() - started);
      if (reply.status === 200 || reply.status === 422) {
        record(reply.body.results);
        t.queue.splice(0, batch.length);
      } else if (reply.status === 401) {
        t.revoked = true;
        summary.revoked.push(t.name);
        log(`${t.name}: the server refused its device token (401): the terminal was unpaired; it stops`);
      } else if (reply.status === 429 || reply.status >= 500) {
        summary.retries += 1;
        const retryAfter = Number(reply.headers.get('retry-after') ?? 1);
        t.retryAt = Date.now() + Math.max(1, retryAfter) * 1000;
        log(`${t.name}: HTTP ${reply.status}, sending again in ${Math.max(1, retryAfter)} s`);
      } else {
        // A batch the server could not read: a bug of the simulator. Counted as rejected.
        record(batch.map((e) => ({ id: e.id, status: 'rejected' as const, errors: [] })));
        t.queue.splice(0, batch.length);
        log(`${t.name}: HTTP ${reply.status}: ${JSON.stringify(reply.body).slice(0, 200)}`);
      }
    } catch (error) {
      summary.retries += 1;
      t.retryAt = Date.now() + 1000;
      log(`${t.name}: ${(error as Error).message}; sending again in 1 s`);
    } finally {
      t.busy = false;
    }
  };

  /** A register's background chores: config with If-None-Match, print jobs printed at once. */
  const chores = async (t: SimTerminal) => {
    const now = Date.now();
    try {
      if (now - t.configAt >= CONFIG_POLL_MS) {
        t.configAt = now;
        const reply = await t.device.config(t.etag);
        if (reply.status === 200) t.etag = reply.headers.get('etag') ?? t.etag;
        if (reply.status === 401 && !t.revoked) {
          t.revoked = true;
          summary.revoked.push(t.name);
          log(`${t.name}: the server refused its device token (401): the terminal was unpaired; it stops`);
        }
      }
      if (now - t.printAt >= PRINT_POLL_MS) {
        t.printAt = now;
        const jobs = await t.device.call<{ jobs: { id: number }[] }>('GET', '/print-jobs');
        for (const job of jobs.status === 200 ? jobs.body.jobs : []) {
          await t.device.call('POST', `/print-jobs/${job.id}/ack`, { status: 'printed' });
        }
      }
    } catch {
      // The next round tries again.
    }
  };

  // Selling: each terminal rings up rate x duration sales, evenly spaced, and sends what it queued
  // every flushMs, each at its own phase: ten registers of a shop never ring up or send together
  // (in lockstep every batch of the company would reach the server in the same millisecond).
  const perTerminal = Math.max(0, Math.round(options.rate * options.duration));
  const payOutAt = perTerminal >= 2 ? Math.floor(perTerminal / 2) : -1;
  const start = Date.now();
  const pending = new Set<Promise<void>>();
  const background = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  for (;;) {
    const now = Date.now();
    let selling = false;
    for (const t of terminals) {
      if (t.revoked) continue;
      while (t.due < perTerminal && start + ((t.due + t.phase) / options.rate) * 1000 <= now) {
        const at = clock();
        t.queue.push(t.register.sale(at));
        if (t.register.wantsRefund()) {
          const refund = t.register.refund(at);
          if (refund) t.queue.push(refund);
        }
        if (t.due === payOutAt) t.queue.push(t.register.cashMovement(at));
        t.due += 1;
      }
      if (t.due < perTerminal) selling = true;
      background(chores(t));
      if (now - t.lastFlush >= flushMs && now - start >= t.phase * flushMs) {
        t.lastFlush = now;
        background(flush(t));
      }
    }
    if (!selling) {
      for (const t of terminals) background(flush(t));
      break;
    }
    await sleep(Math.min(50, flushMs));
  }

  // Closing time: every shift closed, everything sent.
  for (const t of terminals) {
    if (t.revoked) continue;
    if (t.register.openShiftId) t.queue.push(t.register.closeShift(clock()));
    t.queue.push(...t.register.clockOutAll(clock()));
  }
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (terminals.some((t) => !t.revoked && (t.queue.length > 0 || t.busy)) && Date.now() < deadline) {
    for (const t of terminals) background(flush(t));
    await sleep(50);
  }
  await Promise.allSettled([...pending]);

  for (const status of outcomes.values()) summary[status] += 1;
  summary.sent = outcomes.size;
  summary.unsent = terminals.reduce((n, t) => n + t.queue.length, 0);
  return summary;
}

/** The one line the CLI ends with. */
export const summaryLine = (s: SimulationSummary) =>
  `sent ${s.sent} events: ${s.stored} stored, ${s.duplicate} duplicate, ${s.rejected} rejected`;
