import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Guard: pages write dates and times only through the one format module (i18n/dates, and the
 * storefront's format.ts), so every page shows the same clock time for the same event, in the
 * location's zone, in one format per language. A page calling toLocaleString or building its own
 * Intl.DateTimeFormat (the browser's zone, 12 h here and 24 h there, seconds) fails this test.
 */

const REPO = join(__dirname, '..', '..', '..');
const ROOTS = ['backoffice-remote/src', 'ordering-remote/src'];

/**
 * Formatting helpers allowed to build their own formatters, and why: the module itself, and
 * helpers that name weekdays and months (not dates or times of events), all in UTC on calendar days.
 */
const HELPERS = new Set([
  'backoffice-remote/src/i18n/dates.ts',
  'ordering-remote/src/format.ts',
  'backoffice-remote/src/frames/report/format.ts', // weekday and month group labels
  'backoffice-remote/src/pages/scheduling/shared/format.ts', // week columns' weekday names
  'backoffice-remote/src/pages/scheduling/labor-shared/PrintSheet.tsx', // a printed week's day names
  'backoffice-remote/src/pages/settings/billing/format.ts', // billing months
  'backoffice-remote/src/pages/settings/price-levels/schedule.ts', // weekday names
]);

const RULES: [RegExp, string][] = [
  [/\.toLocale(Date|Time)?String\(/, 'toLocaleString (the browser zone, its own format)'],
  [/new Intl\.DateTimeFormat\(/, 'its own Intl.DateTimeFormat'],
  [/\b(dateStyle|timeStyle|hourCycle|hour12)\s*:/, 'its own date or time style'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: what` for every line formatting a date outside the module. */
export function offences(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (HELPERS.has(path)) continue;
    text.split('\n').forEach((line, index) => {
      for (const [rule, what] of RULES) if (rule.test(line)) found.push(`${path}:${index + 1}: ${what}`);
    });
  }
  return found;
}

describe('dates are formatted only through the one module', () => {
  it('no page formats a date or time itself', () => {
    const files = ROOTS.flatMap((root) => sources(join(REPO, root))).map((path) => ({
      path: relative(REPO, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files)).toEqual([]);
  });

  it('catches a page that does', () => {
    const page = { path: 'backoffice-remote/src/pages/x/X.tsx', text: 'const a = new Date(at).toLocaleString(lng);' };
    expect(offences([page])).toEqual([
      'backoffice-remote/src/pages/x/X.tsx:1: toLocaleString (the browser zone, its own format)',
    ]);
  });
});
