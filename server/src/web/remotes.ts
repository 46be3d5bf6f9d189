import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../platform/config';

export type RemotesMap = Record<string, string>;

/** Where the server hosts each remote's manifest by default (same origin as the shell). */
export const DEFAULT_REMOTES: RemotesMap = {
  backoffice: '/remotes/backoffice/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
  ordering: '/remotes/ordering/mf-manifest.json',
};

const remoteUrl = z.string().refine((value) => {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an absolute http(s) URL or a path starting with /');

const remotesSchema = z.record(
  z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'remote names are letters, digits, _ and -'),
  remoteUrl,
);

const USAGE =
  'REMOTES_JSON must be a JSON object (inline, or the path of a .json file) mapping remote names to manifest URLs, ' +
  'e.g. {"backoffice":"https://cdn.example.com/backoffice/mf-manifest.json"}';

/**
 * REMOTES_JSON (inline JSON or a file path) overrides the default map entry by entry, so pointing
 * one remote elsewhere keeps the others on this server. Any problem stops the start-up.
 */
export function loadRemotesMap(raw: string | undefined, cwd = process.cwd()): RemotesMap {
  return { ...DEFAULT_REMOTES, ...loadRemoteOverrides(raw, cwd) };
}

/**
 * Only the entries REMOTES_JSON names: a development override that wins over the release registry
 * for those remotes (the others follow the registry). Any problem stops the start-up.
 */
export function loadRemoteOverrides(raw: string | undefined, cwd = process.cwd()): RemotesMap {
  if (raw === undefined || raw.trim() === '') return {};
  const value = raw.trim();
  let text = value;
  let source = 'inline value';
  if (!value.startsWith('{')) {
    const file = path.resolve(cwd, value);
    source = file;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `${USAGE}. Could not read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      );
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${USAGE}. The ${source} is not valid JSON: ${(error as Error).message}.`);
  }
  const result = remotesSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the value';
    throw new ConfigError(`${USAGE}. In the ${source}, ${where} ${issue.message}.`);
  }
  return result.data;
}
