import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { bannerPng } from './png';

/*
 * Devices of the demo companies, idempotent (each part skipped when the company has rows of it):
 * the terminals their 90 days of history were rung up on (not paired to any device now: the
 * demo's live registers, DEMO_LIVE, pair these by name and no other; the simulator pairs terminals
 * of its own), printers with kitchen routing, banners, and a few jobs already printed.
 */

interface DemoDevices {
  /** Terminal name -> location name (null: the first location). */
  terminals: { name: string; location: string | null }[];
  printers: { name: string; kind: 'receipt' | 'kitchen'; terminal: string; address: string; categories: string[] }[];
  banners: { kind: 'kiosk' | 'customer_display'; title: string; color: string; band: string }[];
}

export const DEMO_DEVICES: Record<string, DemoDevices> = {
  'corner-market': {
    terminals: [
      { name: 'Till 1', location: 'Main Street' },
      { name: 'Till 2', location: 'Main Street' },
      { name: 'Kiosk till', location: 'Station kiosk' },
    ],
    printers: [{ name: 'Till 1 receipts', kind: 'receipt', terminal: 'Till 1', address: 'usb:0', categories: [] }],
    banners: [
      { kind: 'kiosk', title: 'Fresh bread every morning', color: '#7c2d12', band: '#fdba74' },
      { kind: 'kiosk', title: 'Two coffees for 3.00', color: '#1e3a8a', band: '#93c5fd' },
      { kind: 'customer_display', title: 'Ask about our loyalty card', color: '#14532d', band: '#86efac' },
    ],
  },
  'blue-door-bistro': {
    terminals: [
      { name: 'Bar', location: null },
      { name: 'Floor', location: null },
    ],
    printers: [
      {
        name: 'Kitchen',
        kind: 'kitchen',
        terminal: 'Floor',
        address: '192.168.1.50:9100',
        categories: ['Starters', 'Mains', 'Pasta', 'Desserts'],
      },
      {
        name: 'Bar printer',
        kind: 'kitchen',
        terminal: 'Bar',
        address: '192.168.1.51:9100',
        categories: ['Soft drinks', 'Wine and beer', 'Coffee'],
      },
      { name: 'Bar receipts', kind: 'receipt', terminal: 'Bar', address: 'usb:0', categories: [] },
    ],
    banners: [
      { kind: 'customer_display', title: 'Happy hour 17:00-19:00', color: '#312e81', band: '#c4b5fd' },
      { kind: 'customer_display', title: 'Book your table online', color: '#0f172a', band: '#fcd34d' },
    ],
  },
  'atlas-consulting': {
    terminals: [{ name: 'Front desk', location: null }],
    printers: [],
    banners: [],
  },
  'tiny-kiosk': {
    terminals: [{ name: 'Counter', location: null }],
    printers: [
      { name: 'Counter receipts', kind: 'receipt', terminal: 'Counter', address: 'bt:printer', categories: [] },
    ],
    banners: [],
  },
  'green-leaf-grocers': {
    terminals: [
      { name: 'Lane 1', location: 'Haywood Road' },
      { name: 'Lane 2', location: 'Haywood Road' },
    ],
    printers: [{ name: 'Lane 1 receipts', kind: 'receipt', terminal: 'Lane 1', address: 'usb:0', categories: [] }],
    banners: [{ kind: 'customer_display', title: 'Local honey is back in stock', color: '#14532d', band: '#fde68a' }],
  },
};

const has = async (db: Kysely<Database>, table: 'terminals' | 'printers' | 'banners', companyId: number) =>
  (await db.selectFrom(table).select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()) !==
  undefined;

export async function seedDevicesDemo(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  { now }: { now: number },
): Promise<void> {
  const demo = DEMO_DEVICES[slug];
  if (!demo) return;
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const locationOf = (name: string | null) => (locations.find((l) => l.name === name) ?? locations[0])?.id ?? null;

  if (!(await has(db, 'terminals', companyId))) {
    await db
      .insertInto('terminals')
      .values(
        demo.terminals.map((t) => ({
          company_id: companyId,
          location_id: locationOf(t.location),
          name: t.name,
          // Retired: the registers of the demo history are not paired to any device today.
          status: 'unpaired' as const,
          pairing_code_hash: null,
          pairing_expires_at: null,
          token_hash: null,
          paired_at: now - 400 * 86_400_000,
          last_seen_at: null,
          last_sync_at: null,
          app_version: '3.8.2',
          device_model: 'Hive Register T2',
          created_at: now - 400 * 86_400_000,
          updated_at: now,
        })),
      )
      .execute();
  }
  const terminals = await db
    .selectFrom('terminals')
    .select(['id', 'name', 'location_id'])
    .where('company_id', '=', companyId)
    .execute();

  if (demo.printers.length > 0 && !(await has(db, 'printers', companyId))) {
    const categories = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();
    for (const p of demo.printers) {
      const terminal = terminals.find((t) => t.name === p.terminal);
      const printer = await db
        .insertInto('printers')
        .values({
          company_id: companyId,
          location_id: terminal?.location_id ?? locations[0]?.id ?? null,
          terminal_id: terminal?.id ?? null,
          name: p.name,
          kind: p.kind,
          address: p.address,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const routed = categories.filter((c) => p.categories.includes(c.name));
      if (routed.length > 0) {
        await db
          .insertInto('printer_categories')
          .values(routed.map((c) => ({ printer_id: printer.id, category_id: c.id, company_id: companyId })))
          .execute();
      }
      // One test page, printed when the printer was set up.
      await db
        .insertInto('print_jobs')
        .values({
          company_id: companyId,
          printer_id: printer.id,
          kind: 'test',
          status: 'printed',
          title: `Test page · ${p.name}`,
          content: JSON.stringify({ lines: [{ text: 'Test page', bold: true }, { text: p.name }] }),
          receipt_id: null,
          attempts: 1,
          delivered_at: now - 3_600_000,
          acked_at: now - 3_590_000,
          created_at: now - 3_600_000,
          updated_at: now - 3_590_000,
        })
        .execute();
    }
  }

  if (demo.banners.length > 0 && !(await has(db, 'banners', companyId))) {
    for (const [index, b] of demo.banners.entries()) {
      const bytes = bannerPng(b.kind === 'kiosk' ? 360 : 480, b.kind === 'kiosk' ? 640 : 270, b.color, b.band);
      await db
        .insertInto('banners')
        .values({
          company_id: companyId,
          kind: b.kind,
          title: b.title,
          content_type: 'image/png',
          bytes,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          active_from: null,
          active_until: null,
          all_locations: 1,
          position: index + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}
