import { areaOfPath } from '../remotes/areaOfPath';

/** Where an uncaught error came from: its stack, and the script the browser names (`ErrorEvent.filename`). */
export interface ErrorOrigin {
  stack?: string;
  filename?: string;
}

/** The folder of a manifest or remoteEntry URL, absolute: `https://cdn.x/ordering/b/` for `.../b/mf-manifest.json`. */
export function folderOf(url: string, base: string): string | null {
  try {
    const absolute = new URL(url, base);
    return `${absolute.origin}${absolute.pathname.replace(/[^/]*$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * The remote an uncaught error belongs to: the one whose files (its manifest URL's folder) appear
 * first in the stack or the filename, i.e. nearest the throw. An error the browser gives no location
 * for (a cross-origin script's "Script error.", a rejection with a plain value) goes to the area of
 * the current path (`areaOfPath`). One that names only other files (the shell's own) belongs to no
 * remote: the remote's team is not told about the shell's faults.
 */
export function remoteOfError(
  origin: ErrorOrigin,
  remoteUrls: Readonly<Record<string, string>>,
  { base, pathname }: { base: string; pathname: string },
): string | null {
  const text = `${origin.filename ?? ''}\n${origin.stack ?? ''}`;
  let best: { remote: string; at: number; length: number } | null = null;
  for (const [remote, url] of Object.entries(remoteUrls)) {
    const folder = folderOf(url, base);
    if (!folder) continue;
    const at = text.indexOf(folder);
    // At the same place the longer folder wins (one remote's folder inside another's).
    if (at < 0 || (best && (at > best.at || (at === best.at && folder.length <= best.length)))) continue;
    best = { remote, at, length: folder.length };
  }
  if (best) return best.remote;
  if (/(https?|file|webpack):\/\//.test(text)) return null;
  return areaOfPath(pathname);
}
