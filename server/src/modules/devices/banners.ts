import { createHash } from 'node:crypto';
import express, { type Express, type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  DEVICES_LIMITS,
  bannerInputSchema,
  bannerReorderSchema,
  type Banner,
  type BannerInput,
  type BannerKind,
  type BannerList,
  type BannerOptions,
  type BannerState,
  type BannerType,
} from '@hive/shared/schemas/backoffice/devices';
import { imageSizeProblem } from '@hive/shared/schemas/backoffice/imageSize';
import { sniffImageType } from '@hive/shared/schemas/backoffice/settings';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, fieldProblem, idParam, noStore, notFound, refused } from '../merchant';
import { locationOptions } from './terminals';

type Db = Kysely<Database> | Transaction<Database>;

/** Each kind of banner: its API path and the page whose menu rule guards it. */
export const BANNER_ROUTES: Record<BannerKind, { path: string; page: string }> = {
  kiosk: { path: '/api/backoffice/kiosk_banners', page: '/kioske_banner' },
  customer_display: { path: '/api/backoffice/customer_display_banners', page: '/customer_display_banner' },
};

/** 2 MB of bytes in base64, plus the JSON around it. */
export const BANNER_BODY_LIMIT = Math.ceil(DEVICES_LIMITS.bannerMaxBytes / 3) * 4 + 4096;

/**
 * The banner routes' own JSON parser, mounted before the API's shared parsers (which stop at
 * 32 kB): those then see a parsed body and leave it alone.
 */
export function mountBannerUploadParser(app: Express): void {
  for (const { path } of Object.values(BANNER_ROUTES)) app.use(path, express.json({ limit: BANNER_BODY_LIMIT }));
}

export const bannerVersion = (sha256: string) => sha256.slice(0, 16);

export function bannerState(from: number | null, until: number | null, now: number): BannerState {
  if (until !== null && until <= now) return 'ended';
  if (from !== null && from > now) return 'scheduled';
  return 'active';
}

/**
 * The image from base64: 400 unless it is a PNG, JPEG or WebP of at most 2 MB (by its bytes) whose
 * header gives a size within IMAGE_LIMITS.
 */
function imageOf(base64: string): { bytes: Buffer; type: BannerType; sha256: string } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > DEVICES_LIMITS.bannerMaxBytes) throw fieldProblem('image', 'the image must be at most 2 MB');
  const type = sniffImageType(bytes);
  if (!type) throw fieldProblem('image', 'use a PNG, JPEG or WebP image (SVG and other files are not accepted)');
  const sizeProblem = imageSizeProblem(bytes, type);
  if (sizeProblem) throw fieldProblem('image', sizeProblem);
  return { bytes, type, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function loadBanners(db: Db, companyId: number, kind: BannerKind, now: number, only?: number): Promise<Banner[]> {
  let query = db
    .selectFrom('banners')
    .select([
      'id',
      'title',
      'content_type',
      'size',
      'sha256',
      'active_from',
      'active_until',
      'all_locations',
      'position',
      'updated_at',
    ])
    .where('company_id', '=', companyId)
    .where('kind', '=', kind);
  if (only !== undefined) query = query.where('id', '=', only);
  const rows = await query.orderBy('position').orderBy('id').execute();
  if (rows.length === 0) return [];
  const places = await db
    .selectFrom('banner_locations as b')
    .innerJoin('locations as l', 'l.id', 'b.location_id')
    .select(['b.banner_id', 'l.id', 'l.name'])
    .where('b.company_id', '=', companyId)
    .where(
      'b.banner_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy(sql`lower(l.name)`)
    .execute();
  return rows.map((r) => {
    const own = places.filter((p) => p.banner_id === r.id);
    const from = r.active_from === null ? null : Number(r.active_from);
    const until = r.active_until === null ? null : Number(r.active_until);
    return {
      id: r.id,
      kind,
      title: r.title,
      imageUrl: `${BANNER_ROUTES[kind].path}/${r.id}/image?v=${bannerVersion(r.sha256)}`,
      contentType: r.content_type as BannerType,
      size: Number(r.size),
      activeFrom: from,
      activeUntil: until,
      allLocations: Number(r.all_locations) === 1,
      locationIds: own.map((p) => p.id),
      locationNames: own.map((p) => p.name),
      position: Number(r.position),
      state: bannerState(from, until, now),
      updatedAt: Number(r.updated_at),
    };
  });
}

async function loadBanner(db: Db, companyId: number, kind: BannerKind, id: number, now: number): Promise<Banner> {
  const [banner] = await loadBanners(db, companyId, kind, now, id);
  if (!banner) throw notFound('banner');
  return banner;
}

async function checkLocations(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw fieldProblem('locationIds', 'choose one of the options');
}

async function setLocations(trx: Db, companyId: number, bannerId: number, ids: number[]): Promise<void> {
  await trx
    .deleteFrom('banner_locations')
    .where('banner_id', '=', bannerId)
    .where('company_id', '=', companyId)
    .execute();
  if (ids.length > 0) {
    await trx
      .insertInto('banner_locations')
      .values(ids.map((location_id) => ({ banner_id: bannerId, location_id, company_id: companyId })))
      .execute();
  }
}

const columns = (input: BannerInput) => ({
  title: input.title,
  active_from: input.activeFrom,
  active_until: input.activeUntil,
  all_locations: input.allLocations ? 1 : 0,
});

/**
 * `/api/backoffice/kiosk_banners` and `/customer_display_banners`: images the kiosks and customer
 * displays show, in order, per location and time window. Served to the registers in `config`.
 */
export function bannersRouter(ctx: AuthContext, kind: BannerKind): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, BANNER_ROUTES[kind].page));

  router.get('/', async (_req, res) => {
    const now = ctx.now();
    const body: BannerList = { rows: await loadBanners(db, merchantOf(res).companyId, kind, now), serverTime: now };
    noStore(res).json(body);
  });

  router.get('/options', async (_req, res) => {
    const body: BannerOptions = { locations: await locationOptions(db, merchantOf(res).companyId) };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadBanner(db, merchantOf(res).companyId, kind, idParam(req.params.id), ctx.now()));
  });

  // The bytes as stored, with the type read from them at upload; never sniffed by the browser.
  router.get('/:id/image', async (req, res) => {
    const row = await db
      .selectFrom('banners')
      .select(['content_type', 'bytes', 'sha256'])
      .where('id', '=', idParam(req.params.id))
      .where('company_id', '=', merchantOf(res).companyId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) throw notFound('banner');
    const versioned = req.query.v === bannerVersion(row.sha256);
    res
      .set({
        'Content-Type': row.content_type,
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': 'inline; filename="banner"',
        'Cache-Control': versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        ETag: `"${row.sha256}"`,
      })
      .send(Buffer.from(row.bytes));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(bannerInputSchema, req.body);
    if (input.image === undefined) throw fieldProblem('image', 'choose an image');
    const image = imageOf(input.image);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await checkLocations(db, companyId, input.locationIds);
    const id = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('banners')
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(position)`.as('last')])
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      if (Number(existing.n) >= DEVICES_LIMITS.bannersMax) {
        throw refused(
          'too_many_banners',
          `A company can have at most ${DEVICES_LIMITS.bannersMax} banners of a kind.`,
          {
            count: DEVICES_LIMITS.bannersMax,
          },
        );
      }
      const row = await trx
        .insertInto('banners')
        .values({
          ...columns(input),
          company_id: companyId,
          kind,
          content_type: image.type,
          bytes: image.bytes,
          size: image.bytes.length,
          sha256: image.sha256,
          position: Number(existing.last ?? 0) + 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setLocations(trx, companyId, row.id, input.locationIds);
      return row.id;
    });
    noStore(res)
      .status(201)
      .json(await loadBanner(db, companyId, kind, id, now));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(bannerInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await loadBanner(db, companyId, kind, id, now);
    const image = input.image === undefined ? null : imageOf(input.image);
    await checkLocations(db, companyId, input.locationIds);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('banners')
        .set({
          ...columns(input),
          ...(image
            ? { content_type: image.type, bytes: image.bytes, size: image.bytes.length, sha256: image.sha256 }
            : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await setLocations(trx, companyId, id, input.locationIds);
    });
    noStore(res).json(await loadBanner(db, companyId, kind, id, now));
  });

  router.post('/reorder', async (req, res) => {
    const { ids } = parseOrThrow(bannerReorderSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const current = (
        await trx
          .selectFrom('banners')
          .select('id')
          .where('company_id', '=', companyId)
          .where('kind', '=', kind)
          .execute()
      ).map((r) => r.id);
      if (current.length !== ids.length || !ids.every((id) => current.includes(id))) {
        throw fieldProblem('ids', 'give every banner of this page once, in the new order');
      }
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable('banners')
          .set({ position: index + 1, updated_at: now })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
      }
    });
    const body: BannerList = { rows: await loadBanners(db, companyId, kind, now), serverTime: now };
    noStore(res).json(body);
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await loadBanner(db, companyId, kind, id, ctx.now());
    await db.deleteFrom('banners').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}
