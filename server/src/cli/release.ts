import { ConfigError } from '../platform/config';
import { runCommand } from './run';

/*
 * `npm run release -w server -- <command>`: a team's CI talking to the release registry over HTTP
 * (`/api/releases`, docs/deploy.md) with HIVE_URL (the product's address) and HIVE_DEPLOY_TOKEN
 * (from `npm run deploy-token`). It prints the server's answer as JSON; any refusal is exit 1
 * with the server's message.
 */

const USAGE = `Usage: npm run release -w server -- <command>
  register --remote <name> --version <label> --manifest-url <url> [--notes <text>]
  canary <id> --percent <0-100> [--companies <slug,slug>]
  promote <id> [--reason <text>]
  rollback <id> [--reason <text>]
  list [--remote <name>]
Environment: HIVE_URL (e.g. https://pos.example.com) and HIVE_DEPLOY_TOKEN.`;

export interface ReleaseRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

function flags(argv: readonly string[]): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) options.set(arg.slice(2, eq), arg.slice(eq + 1));
    else options.set(arg.slice(2), argv[(i += 1)] ?? '');
  }
  return { positional, options };
}

const idOf = (value: string | undefined): number => {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new ConfigError(`Give the release id (see list).\n${USAGE}`);
  return Number(value);
};

/** The HTTP request a command line stands for. */
export function parseReleaseArgs(argv: readonly string[]): ReleaseRequest {
  const [command, ...rest] = argv;
  const { positional, options } = flags(rest);
  const allow = (...names: string[]) => {
    for (const name of options.keys()) {
      if (!names.includes(name)) throw new ConfigError(`Unknown option --${name} for ${command}.\n${USAGE}`);
    }
  };
  const reason = () => (options.has('reason') ? { reason: options.get('reason') } : {});
  switch (command) {
    case 'register': {
      allow('remote', 'version', 'manifest-url', 'notes');
      return {
        method: 'POST',
        path: '/api/releases',
        body: {
          remote: options.get('remote'),
          version: options.get('version'),
          manifestUrl: options.get('manifest-url'),
          ...(options.has('notes') ? { notes: options.get('notes') } : {}),
        },
      };
    }
    case 'canary': {
      allow('percent', 'companies');
      const percent = Number(options.get('percent'));
      const companies = options.get('companies');
      return {
        method: 'POST',
        path: `/api/releases/${idOf(positional[0])}/canary`,
        body: {
          percent: options.has('percent') && options.get('percent') !== '' ? percent : undefined,
          ...(companies
            ? {
                companies: companies
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              }
            : {}),
        },
      };
    }
    case 'promote':
    case 'rollback':
      allow('reason');
      return { method: 'POST', path: `/api/releases/${idOf(positional[0])}/${command}`, body: reason() };
    case 'list': {
      allow('remote');
      const remote = options.get('remote');
      return { method: 'GET', path: `/api/releases${remote ? `?remote=${encodeURIComponent(remote)}` : ''}` };
    }
    default:
      throw new ConfigError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  }
}

/** Runs a command against HIVE_URL with HIVE_DEPLOY_TOKEN; the server's JSON answer, pretty-printed. */
export async function release(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const request = parseReleaseArgs(argv);
  const base = env.HIVE_URL?.trim();
  const token = env.HIVE_DEPLOY_TOKEN?.trim();
  if (!base || !/^https?:\/\//.test(base)) throw new ConfigError(`Set HIVE_URL to the product's address.\n${USAGE}`);
  if (!token) throw new ConfigError(`Set HIVE_DEPLOY_TOKEN (npm run deploy-token -w server gives one).\n${USAGE}`);
  const url = new URL(request.path, base);
  const response = await fetchImpl(url, {
    method: request.method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    signal: AbortSignal.timeout(30_000),
  }).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new ConfigError(`Could not reach ${url.origin}${cause ? ` (${cause})` : ''}: check HIVE_URL.`);
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: shown as it is
  }
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    throw new ConfigError(`HTTP ${response.status}: ${typeof message === 'string' ? message : text}`);
  }
  return JSON.stringify(body, null, 2);
}

if (process.argv[1] && /release\.(ts|js)$/.test(process.argv[1])) {
  runCommand('release', () => release(process.argv.slice(2)));
}
