import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Guard: money, quantity and percentage fields read what people type in their language ("1,80" in
 * Spanish) only through the one parser (@hive/shared/ui decimal.ts: DecimalField, decimalResolver,
 * and the money helpers built on it). A browser number field reads the browser's locale, not the
 * page's: a Spanish "1,80" once saved a price of 180.00. A page with a number input (or NumberField)
 * or its own comma-to-point replacement fails this test.
 */

const REPO = join(__dirname, '..', '..', '..');
const ROOTS = ['backoffice-remote/src', 'admin-remote/src', 'shared/src/ui'];

const RULES: [RegExp, string][] = [
  [/type=\{?["'`]number/, 'a browser number field (type="number")'],
  [/\bNumberField\b/, 'NumberField (a browser number field)'],
  [/\.replace\(\s*['"],['"]\s*,\s*['"]\.['"]\s*\)/, "its own ',' to '.' (guesses what was meant)"],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: what` for every line reading a number its own way. */
export function offences(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    text.split('\n').forEach((line, index) => {
      for (const [rule, what] of RULES) if (rule.test(line)) found.push(`${path}:${index + 1}: ${what}`);
    });
  }
  return found;
}

describe('numbers are read only through the one parser', () => {
  it('no page has a browser number field or parses a decimal itself', () => {
    const files = ROOTS.flatMap((root) => sources(join(REPO, root))).map((path) => ({
      path: relative(REPO, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files)).toEqual([]);
  });

  it('catches each way of reading a number that the guard is for', () => {
    const page = (line: string) => [{ path: 'x.tsx', text: `const a = 1;\n${line}` }];
    expect(offences(page('<input type="number" />'))).toEqual(['x.tsx:2: a browser number field (type="number")']);
    expect(offences(page("<TextField type={'number'} />"))).toHaveLength(1);
    expect(offences(page('<NumberField label="Price" />'))).toHaveLength(1);
    expect(offences(page("const n = Number(text.replace(',', '.'));"))).toHaveLength(1);
    expect(offences(page('<DecimalField label="Price" />'))).toEqual([]);
  });
});
