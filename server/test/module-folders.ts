import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's sources (tests run from server/test, or bundled one folder below server/). */
export const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Where each module lives under src/. */
export const FOLDERS: Record<string, string> = {
  companies: 'companies',
  auth: 'auth',
  admin: 'admin',
  releases: 'releases',
  settings: 'backoffice/settings',
  catalog: 'backoffice/catalog',
  devices: 'backoffice/devices',
  inventory: 'backoffice/inventory',
  reports: 'backoffice/reports',
  team: 'backoffice/team',
  rewards: 'backoffice/rewards',
  customers: 'backoffice/customers',
  offers: 'backoffice/offers',
  sales: 'backoffice/sales',
  receipts: 'receipts',
  device: 'device',
  ordering: 'ordering',
  firstSteps: 'backoffice/firstSteps',
};

/** Every .ts file under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
