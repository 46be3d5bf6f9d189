import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's sources (tests run from server/test, or bundled one folder below server/). */
export const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/**
 * Where each module lives under src/: every folder of src/modules/ is one module, named as its
 * folder (src/modules.ts's MODULES is the one hand-kept list; modules.test.ts checks they agree).
 */
export const FOLDERS: Record<string, string> = Object.fromEntries(
  readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [entry.name, `modules/${entry.name}`]),
);

/** Every .ts source file under a folder, recursively (tests left out: they set modules side by side). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}
