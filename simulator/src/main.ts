/**
 * `npm run simulate -- --company corner-market --terminals 3 --rate 2 --duration 60 --seed 42
 *  [--url http://localhost:8080] [--email ... --password ...] [--verbose]`
 * Ends with one line on stdout: `sent N events: S stored, D duplicate, R rejected`. Problems go to
 * stderr; the exit code is 1 when a terminal was refused or events could not be sent.
 */
import { parseArgs } from 'node:util';
import { runSimulation, summaryLine } from './simulate';

const USAGE = `Usage: npm run simulate -- --company <slug> [--terminals 3] [--rate 2] [--duration 60] [--seed 42]
                            [--url http://localhost:8080] [--email <owner> --password <password>] [--verbose]
  --terminals  how many registers to play ("Simulator 1" ... , created and paired on first use)
  --rate       sales per second on each register
  --duration   seconds of selling; then every shift is closed
  --seed       the same seed (with the same other options) sends the same events again`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function positive(name: string, value: string | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    fail(`--${name} must be a positive ${integer ? 'whole ' : ''}number (got "${value}")`);
  }
  return n;
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      company: { type: 'string' },
      terminals: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      seed: { type: 'string' },
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (typeof values.company !== 'string' || !values.company) fail('--company is required');
const terminals = positive('terminals', values.terminals as string | undefined, 3, true);
if (terminals > 50) fail('--terminals must be at most 50');

const verbose = values.verbose === true;
try {
  const summary = await runSimulation({
    url: (values.url as string | undefined) ?? 'http://localhost:8080',
    company: values.company,
    terminals,
    rate: positive('rate', values.rate as string | undefined, 2),
    duration: positive('duration', values.duration as string | undefined, 60),
    seed: (values.seed as string | undefined) ?? String(Date.now()),
    email: values.email as string | undefined,
    password: (values.password as string | undefined) ?? process.env.SIMULATOR_PASSWORD,
    log: (line) => {
      if (verbose || /refused|HTTP|sending again/.test(line)) process.stderr.write(`${line}\n`);
    },
  });
  for (const reason of verbose ? summary.reasons : summary.reasons.slice(0, 3))
    process.stderr.write(`rejected ${reason}\n`);
  if (summary.unsent > 0) process.stderr.write(`${summary.unsent} events could not be sent\n`);
  process.stdout.write(`${summaryLine(summary)}\n`);
  process.exit(summary.revoked.length > 0 || summary.unsent > 0 ? 1 : 0);
} catch (error) {
  process.stderr.write(`simulate: ${(error as Error).message}\n`);
  process.exit(1);
}
