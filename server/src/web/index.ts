import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME } from '@hive/shared/config';
import type { StaticRoots } from '../platform/config';
import { pingDatabase } from '../platform/db';
import type { Database } from '../database';
import { localizeShellIndex, requestLanguage } from './language';
import { injectPageMeta, pageMetaFor } from './pageMeta';
import { orderingRelease, orderingSource, storefrontHints } from './storefrontHints';
import { FirstScreens, hostedFile, InlineStyles, injectFirstScreen, type FirstScreen } from './firstScreen';
import { storePage } from '../modules/ordering';
import { RemoteManifests } from './remoteManifest';
import type { RemotesMap } from './remotes';
import { chooseVariant, precompressedFiles, sendVariant } from './precompressed';

export { defaultStaticRoots, type StaticRoots } from '../platform/config';
export { DEFAULT_REMOTES, loadRemoteOverrides, loadRemotesMap, type RemotesMap } from './remotes';

const NO_CACHE = 'no-cache';
/** An answer for this visitor only (their release, their cookie): never from a shared cache. */
const PRIVATE_NO_CACHE = 'private, no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=300';
/** webpack `[contenthash]` in a name: `.` + at least 8 hex digits + `.` */
const HASHED_NAME = /\.[0-9a-f]{8,}\./i;

/**
 * Entry points must be revalidated on every load (they name the hashed chunks of the current
 * build); hashed chunks never change. Unhashed scripts and data (e.g. the shell's `[name].js`
 * entries, locale files) are revalidated too: a stale one would point at chunks that no longer
 * exist after a deploy. Everything else (images, fonts) gets a short cache.
 */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (name === 'remoteEntry.js' || name === 'mf-manifest.json' || name.endsWith('.html')) return NO_CACHE;
  if (HASHED_NAME.test(name)) return IMMUTABLE;
  if (/\.(m?js|json|css|map)$/i.test(name)) return NO_CACHE;
  return SHORT_CACHE;
}

/** Source maps carry the full source: never served, even if a build left one in a served folder. */
const noSourceMaps: RequestHandler = (req, res, next) => {
  if (/\.map$/i.test(req.path)) {
    res.status(404).json({ error: 'not_found', message: 'Source maps are not served.' });
    return;
  }
  next();
};

const setCacheControl = (res: Response, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath));

/** A build folder: the brotli or gzip file the build wrote when the browser accepts it, else the file. */
function staticFiles(root: string): RequestHandler[] {
  return [
    precompressedFiles(root, setCacheControl),
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      fallthrough: true,
      cacheControl: false,
      setHeaders: setCacheControl,
    }),
  ];
}

/** Remotes may be loaded by a shell on another origin (REMOTES_JSON): allow it explicitly. */
const remoteCors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
    return;
  }
  next();
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME} is not built yet</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{background:#f2f2f2;padding:.1rem .3rem}</style>
</head><body><h1>${PRODUCT_NAME} is not built yet</h1>
<p>The server is running, but the web app has not been built: <code>shell/dist/index.html</code> is missing.</p>
<p>Run <code>npm run build</code> in the repository root (or <code>npm start</code>, which builds what is stale), then reload this page.</p>
</body></html>`;

/** The store page itself (not its checkout or an order): the page with a first screen. */
const STORE_PAGE = /^\/ordering\/[^/]+\/?$/;

async function sendShellIndex(
  {
    roots,
    remotes,
    db,
    manifests,
    firstScreens,
    inlineStyles,
  }: Pick<StaticOptions, 'roots' | 'remotes' | 'db'> & {
    manifests: RemoteManifests;
    firstScreens: FirstScreens;
    inlineStyles: InlineStyles;
  },
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  res.setHeader('Cache-Control', NO_CACHE);
  res.vary('Cookie'); // the language cookie picks the page's language
  const shellRoot = roots.shell;
  const file = path.join(shellRoot, 'index.html');
  const lng = requestLanguage(req.get('cookie'));
  // A storefront page carries its store's name and description (pageMeta.ts); if the database
  // cannot say, the page is still sent with the built title (the app shows its own error).
  const meta = await pageMetaFor(db, req.path, lng).catch(() => null);
  // The default language is the page as built, so its precompressed file fits; another language
  // or a page with its own title is a rewritten page of a few kB, sent as it is.
  if (lng === DEFAULT_LANGUAGE && !meta) {
    const variant = await chooseVariant(req, res, file);
    if (variant) return sendVariant(res, file, variant, next);
  }
  try {
    const html = await fs.readFile(file, 'utf8');
    const localized = await localizeShellIndex(html, shellRoot, lng);
    if (!meta) {
      res.type('html').send(localized);
      return;
    }
    // The preload hints name the ordering release this visitor gets, as `/remotes.json` will: a new
    // visitor gets the visitor cookie with the page, so that the two agree.
    const { map } = await remotes.mapFor(req, res);
    const release = await orderingRelease(orderingSource(map.ordering, roots.remotes.ordering, manifests));
    // The store page's first screen, from that release's server build: the menu and its prices are
    // in the HTML (painted before any script, readable without JavaScript).
    let screen: FirstScreen | null = null;
    if (release?.serverBuild && STORE_PAGE.test(req.path)) {
      const data = await storePage(db, meta.slug, Date.now());
      if (data) screen = await firstScreens.render(release.serverBuild, { lng, path: req.path, ...data });
    }
    const page = injectPageMeta(localized, meta, storefrontHints(release, meta.slug, lng, { firstScreen: !!screen }));
    res.setHeader('Cache-Control', PRIVATE_NO_CACHE);
    res.type('html').send(screen ? await inlineStyles.inline(injectFirstScreen(page, screen)) : page);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    res.status(503).type('html').send(NOT_BUILT_PAGE);
  }
}

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const NAMESPACE_FILE = /^([A-Za-z0-9_-]{1,64})\.json$/;

/**
 * Paths the SPA fallback never answers: they are API calls (/api, and the storefront's public
 * /gettokenonline and /ordering_master), assets that must 404 honestly, or the operators' /healthz
 * and /metrics (a scraper must never read a page as metrics). /ordering_online is also
 * a back-office page, so it is not listed: its API answers its own paths before the fallback.
 */
const NOT_SPA = /^\/(api|remotes|locales|ordering_master|gettokenonline)(\/|$)|^\/remotes\.json$|^\/(healthz|metrics)$/;

/** The last path segment names a file (`/missing.0123abcd.js`, `/secret.json`): a missing one 404s. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/**
 * Is a GET of a page path a request for the page? A browser says text/html. `curl`, monitors and
 * link checkers send `*\/*` or no Accept at all: they get the page too (a 404 to `curl /` read as a
 * dead site), except for paths that name a file, which must not turn into HTML. A client that
 * accepts only something else (application/json) gets the honest JSON 404: the page is no answer
 * to it.
 */
function wantsPage(req: Request): boolean {
  const accept = req.get('accept') ?? '';
  if (/\btext\/html\b/i.test(accept)) return true;
  if (FILE_NAME.test(req.path)) return false;
  // With no Accept header req.accepts() answers the first type offered, as HTTP says.
  return req.accepts('html') === 'html';
}

/** Which remote builds a request gets: the release serving (src/modules/releases/serving) or a fixed map. */
export interface RemotesForRequest {
  mapFor(
    req: Request,
    res: Response,
  ): Promise<{ map: RemotesMap; releases: Record<string, { id: number; version: string } | null> }>;
}

export interface StaticOptions {
  roots: StaticRoots;
  remotes: RemotesForRequest;
  db: Kysely<Database>;
  log: Logger;
}

export function mountStatic(app: Express, { roots, remotes, db, log }: StaticOptions): void {
  app.use(noSourceMaps);
  const manifests = new RemoteManifests(log);
  const firstScreens = new FirstScreens(log);
  const inlineStyles = new InlineStyles(hostedFile(roots.shell, roots.remotes));
  let toldDamage = false;
  app.get('/healthz', async (_req, res) => {
    const health = await pingDatabase(db);
    if (health.db === 'damaged' && !toldDamage) {
      toldDamage = true;
      log.error({ reason: health.reason }, 'the database is damaged: /healthz answers 503 until a restart');
    }
    const ok = health.db === 'ok';
    res
      .set('Cache-Control', 'no-store')
      .status(ok ? 200 : 503)
      .json({ ok, db: health.db });
  });

  // The map for this user or visitor (their canary or not), so never from a shared cache; an older
  // shell reads only the remote names' string values and skips `_releases`.
  app.get('/remotes.json', async (req, res) => {
    const { map, releases } = await remotes.mapFor(req, res);
    res
      .set('Cache-Control', PRIVATE_NO_CACHE)
      .vary('Cookie')
      .json({ ...map, _releases: releases });
  });

  for (const [name, root] of Object.entries(roots.remotes)) {
    app.use(`/remotes/${name}`, remoteCors, staticFiles(root));
  }

  // Shell first, then the remotes: each app ships its own namespaces.
  const localeRoots = [roots.shell, ...Object.values(roots.remotes)];
  app.get('/locales/:lng/:file', async (req, res, next) => {
    const { lng, file } = req.params;
    const ns = NAMESPACE_FILE.exec(file)?.[1];
    if (!LANGUAGE.test(lng) || ns === undefined) {
      res.status(404).json({ error: 'not_found', message: 'Unknown locale file' });
      return;
    }
    for (const root of localeRoots) {
      const candidate = path.join(root, 'locales', lng, `${ns}.json`);
      const variant = await chooseVariant(req, res, candidate);
      if (variant) {
        res.set('Cache-Control', NO_CACHE);
        return sendVariant(res, candidate, variant, next);
      }
      try {
        const body = await fs.readFile(candidate);
        res.set('Cache-Control', NO_CACHE).type('json').send(body);
        return;
      } catch {
        // try the next app
      }
    }
    res.status(404).json({
      error: 'not_found',
      message: `No ${ns} translations for ${lng}${(LANGUAGES as readonly string[]).includes(lng) ? '' : ` (languages: ${LANGUAGES.join(', ')})`}`,
    });
  });

  app.use(staticFiles(roots.shell));

  // SPA fallback: browser navigations to any client route get the shell.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_SPA.test(req.path)) return next();
    if (!wantsPage(req)) return next();
    await sendShellIndex({ roots, remotes, db, manifests, firstScreens, inlineStyles }, req, res, next);
  });
}
