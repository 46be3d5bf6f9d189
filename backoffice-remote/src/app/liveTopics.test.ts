/**
 * The server sends a live topic only to users who may open a page listed with it in
 * LIVE_PAGE_TOPICS (shared/src/schemas/live.ts). A page that listened to a topic not listed under
 * its own path would silently never hear it (for the users who lack the page that is listed), so
 * the pages take their topics from that list, by their own path, and write none by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backofficeMenus, menuPaths } from '@hive/shared/menu';
import { LIVE_PAGE_TOPICS, LIVE_TOPICS } from '@hive/shared/schemas/live';

const src = path.join(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Menu path -> the folder of its page, as pages.tsx imports it ('/terminal' -> pages/devices/terminals). */
function pageFolders(): Map<string, string> {
  const text = fs.readFileSync(path.join(__dirname, 'pages.tsx'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/'(\/[^']+)':\s*lazy\(\(\) => import\('\.\.\/(pages\/[^']+)'\)\)/g)) {
    out.set(m[1]!, path.join(src, m[2]!));
  }
  return out;
}

describe('LIVE_PAGE_TOPICS', () => {
  it('names menu paths only, and every topic is shown by some page', () => {
    const paths = new Set(menuPaths(backofficeMenus));
    expect(Object.keys(LIVE_PAGE_TOPICS).filter((p) => !paths.has(p))).toEqual([]);
    const shown = new Set(Object.values(LIVE_PAGE_TOPICS).flat());
    expect(LIVE_TOPICS.filter((t) => !shown.has(t))).toEqual([]);
  });

  it('is where every page takes its topics from, each its own path', () => {
    const folders = pageFolders();
    const misplaced: string[] = [];
    const handWritten: string[] = [];
    const used = new Set<string>();
    for (const file of sources(path.join(src, 'pages'))) {
      const text = fs.readFileSync(file, 'utf8');
      const name = path.relative(src, file);
      // A list of topics written by hand, e.g. `topics: ['receipts']` or `live.subscribe(['shifts'], ...)`.
      if (/topics:\s*\[|subscribe\(\s*\[|useLiveRefresh\(\s*\[/.test(text)) handWritten.push(name);
      for (const m of text.matchAll(/LIVE_PAGE_TOPICS\[\s*'([^']+)'\s*\]/g)) {
        used.add(m[1]!);
        const folder = folders.get(m[1]!);
        if (!folder || !file.startsWith(folder + path.sep)) misplaced.push(`${name}: ${m[1]}`);
      }
      if (/LIVE_PAGE_TOPICS\[\s*[^'\s]/.test(text)) misplaced.push(`${name}: a key that is not a literal path`);
    }
    expect(handWritten).toEqual([]);
    expect(misplaced).toEqual([]);
    // A listed page that no longer listens would only widen what the server sends.
    expect([...used].sort()).toEqual(Object.keys(LIVE_PAGE_TOPICS).sort());
  });
});
