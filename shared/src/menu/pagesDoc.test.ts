/**
 * docs/backoffice-pages.md is where a developer finds what each page does and which API it calls:
 * every page of the menu has a row there, and no table is a header without rows (Team ›
 * Scheduling's was, unnoticed, for six issues).
 */
import fs from 'node:fs';
import path from 'node:path';
import { backofficeMenus } from './definitions';
import { menuPaths } from './visibility';

const doc = fs.readFileSync(path.join(__dirname, '../../../docs/backoffice-pages.md'), 'utf8');
const lines = doc.split('\n');

/** Paths named in the first cell of a table row: "| `/a`, `/b` |" gives /a and /b. */
function documentedPaths(): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`(\/[^`\s]*)`/g)) out.add(m[1]!);
  }
  return out;
}

describe('docs/backoffice-pages.md', () => {
  it('has a row for every page of the back-office menu', () => {
    const documented = documentedPaths();
    const missing = menuPaths(backofficeMenus).filter((p) => p !== '/logout' && !documented.has(p));
    expect(missing).toEqual([]);
  });

  it('has no table without rows', () => {
    const empty: string[] = [];
    lines.forEach((line, i) => {
      const isSeparator = /^\|\s*-{3,}/.test(line);
      if (isSeparator && !lines[i + 1]?.startsWith('|')) empty.push(`line ${i}: ${lines[i - 1]}`);
    });
    expect(empty).toEqual([]);
  });
});
