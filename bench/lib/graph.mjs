// Critical paths of the production builds, derived from each build's dist/.chunk-graph.json
// (tools/webpack/chunk-graph-plugin.cjs) and the files on disk. No browser: deterministic.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parseTags } from './firstPaintBytes.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DIST = {
  shell: path.join(repoRoot, 'shell/dist'),
  backoffice: path.join(repoRoot, 'backoffice-remote/dist'),
  admin: path.join(repoRoot, 'admin-remote/dist'),
  ordering: path.join(repoRoot, 'ordering-remote/dist'),
  monolith: path.join(repoRoot, 'bench/monolith/dist'),
};

/** Packages configured as federation singletons (tools/webpack/create-config.cjs). */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
  '@hive/shared',
];

const require = createRequire(import.meta.url);

/** The share keys the shell provides from its lazy `federation` chunk (tools/webpack/create-config.cjs). */
export function shellProvidedKeys() {
  const { shellProvides } = require(path.join(repoRoot, 'tools/webpack/create-config.cjs'));
  return Object.keys(shellProvides(path.join(repoRoot, 'shell')));
}

export function loadGraph(app) {
  const dir = DIST[app];
  const file = path.join(dir, '.chunk-graph.json');
  if (!existsSync(file)) {
    throw new Error(
      `${path.relative(repoRoot, file)} is missing: build ${app} with the current tools/webpack (npm run build, or bench:check builds what is stale)`,
    );
  }
  const g = JSON.parse(readFileSync(file, 'utf8'));
  return { app, dir, ...g, byId: new Map(g.chunks.map((c) => [c.id, c])) };
}

const gzCache = new Map();
/**
 * Raw and gzip (level 9) size of a built file, and `served`: the size of the brotli file the build
 * wrote beside it (what the server sends to a browser), or the raw size when there is none.
 */
export function fileSize(dir, file) {
  const full = path.join(dir, file);
  if (!gzCache.has(full)) {
    const buf = readFileSync(full);
    const raw = statSync(full).size;
    const served = existsSync(`${full}.br`) ? statSync(`${full}.br`).size : raw;
    gzCache.set(full, { raw, gzip: gzipSync(buf, { level: 9 }).length, served });
  }
  return gzCache.get(full);
}

/** The package a built source file belongs to (`react-dom`, `@hive/shared`, or `app:shell`). */
export function packageOf(source) {
  const i = source.lastIndexOf('node_modules/');
  if (i >= 0) {
    const parts = source.slice(i + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (source.startsWith('shared/')) return '@hive/shared';
  return `app:${source.split('/')[0]}`;
}

/**
 * A page being loaded: apps join in order (the shell, then a remote), each adding the chunks the
 * runtime fetches. Shared packages already loaded by an earlier app are not fetched again
 * (`shareStrategy: 'loaded-first'`); one not yet loaded comes from the consuming app's own fallback.
 */
export class PageLoad {
  constructor() {
    this.loaded = []; // { app, chunk }
    this.seen = new Set(); // `${app}:${chunkId}`
    this.shareKeys = new Set();
    this.extra = []; // { app, file } loaded outside the chunk graph (index.html, mf-manifest.json)
  }

  /** Shared keys an app provides outside its chunk graph (the shell's runtime `lib`s): satisfied. */
  provide(keys) {
    for (const k of keys) this.shareKeys.add(k);
    return this;
  }

  addFile(graph, file) {
    this.extra.push({ app: graph.app, dir: graph.dir, file });
  }

  /** Loads chunks and, transitively, what they need before running: boundary and consume edges. */
  addChunks(graph, ids) {
    const queue = [...ids];
    while (queue.length) {
      const id = queue.shift();
      const key = `${graph.app}:${id}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const chunk = graph.byId.get(id);
      if (!chunk) throw new Error(`${graph.app}: unknown chunk ${id}`);
      this.loaded.push({ app: graph.app, graph, chunk });
      for (const e of chunk.edges) {
        if (e.kind === 'boundary') queue.push(...e.chunks);
        if (e.kind === 'consume' && !this.shareKeys.has(e.shareKey)) {
          this.shareKeys.add(e.shareKey);
          queue.push(...e.chunks);
        }
      }
      // Shared keys consumed by an already loaded provider are satisfied (each key loads once).
    }
    return this;
  }

  addEntry(graph, name) {
    const ids = graph.entrypoints[name];
    if (!ids) throw new Error(`${graph.app}: no entrypoint ${name} (has ${Object.keys(graph.entrypoints).join(', ')})`);
    return this.addChunks(graph, ids);
  }

  /** Follows the first edge of `kind` (from already loaded chunks of `graph`) that matches `test`. */
  follow(graph, kind, test) {
    for (const { app, chunk } of [...this.loaded]) {
      if (app !== graph.app) continue;
      for (const e of chunk.edges) {
        if (e.kind === kind && test(e, graph)) return this.addChunks(graph, e.chunks);
      }
    }
    throw new Error(`${graph.app}: no ${kind} edge found from the loaded chunks`);
  }

  files({ ext = /\.(js|css)$/ } = {}) {
    const out = [];
    for (const { graph, chunk } of this.loaded)
      for (const f of chunk.files) if (ext.test(f)) out.push({ app: graph.app, dir: graph.dir, file: f });
    for (const x of this.extra) if (ext.test(x.file)) out.push(x);
    return out;
  }

  bytes(opts) {
    const files = this.files(opts);
    const t = { requests: files.length, raw: 0, gzip: 0, served: 0, jsRaw: 0, jsGzip: 0 };
    for (const f of files) {
      const s = fileSize(f.dir, f.file);
      t.raw += s.raw;
      t.gzip += s.gzip;
      t.served += s.served;
      if (f.file.endsWith('.js')) {
        t.jsRaw += s.raw;
        t.jsGzip += s.gzip;
      }
    }
    return t;
  }

  /** Source files present in more than one loaded chunk, grouped by package. */
  duplicates() {
    const where = new Map();
    for (const { app, chunk } of this.loaded) {
      for (const m of chunk.modules) {
        const k = m.replace(/^.*node_modules\//, 'node_modules/');
        if (!where.has(k)) where.set(k, []);
        where.get(k).push(`${app}:${chunk.id}`);
      }
    }
    const byPkg = new Map();
    for (const [file, chunks] of where) {
      if (chunks.length < 2) continue;
      const pkg = packageOf(file);
      if (!byPkg.has(pkg)) byPkg.set(pkg, { pkg, files: 0, chunks: new Set() });
      const d = byPkg.get(pkg);
      d.files += 1;
      chunks.forEach((c) => d.chunks.add(c));
    }
    return [...byPkg.values()].map((d) => ({
      pkg: d.pkg,
      files: d.files,
      chunks: [...d.chunks],
      shared: SHARED_PACKAGES.includes(d.pkg),
    }));
  }
}

/** The script, stylesheet and preload tags of index.html, attributes parsed. */
const htmlTags = (dir) => parseTags(readFileSync(path.join(dir, 'index.html'), 'utf8'));
const local = (href) => href.replace(/^\//, '');

/** index.html's scripts and stylesheets (what the browser fetches before any JS runs). */
export function htmlAssets(dir) {
  return htmlTags(dir)
    .filter((t) => (t.tag === 'script' && t.src) || (t.tag === 'link' && t.rel === 'stylesheet'))
    .map((t) => local(t.src || t.href));
}

/** The files index.html asks the browser to preload. */
export function htmlPreloads(dir) {
  return htmlTags(dir)
    .filter((t) => t.tag === 'link' && t.rel === 'preload')
    .map((t) => local(t.href));
}

/**
 * The critical paths of both builds:
 *   login      index.html's scripts + what the entry loads before the login page can run
 *              (the async boundary and the shared packages it consumes). Lazy routes are not on it.
 *   backoffice login + the back-office area: federated, the shell's lazy `federation` chunk (the
 *              runtime, started by the login page's prefetch), mf-manifest.json + remoteEntry.js + the
 *              exposed ./App and the shared packages the shell does not provide; monolith, the
 *              lazily loaded area chunk group. The back-office's own lazy pages are left out of both.
 *              (`/remotes.json`, ~0.1 KB from the server, is not a build file and is left out.)
 */
export function criticalPaths() {
  const shell = loadGraph('shell');
  const bo = loadGraph('backoffice');
  const mono = loadGraph('monolith');
  const entryName = (g) => Object.keys(g.entrypoints).find((n) => n === 'main') ?? Object.keys(g.entrypoints)[0];
  const check = (g) => {
    const fromHtml = htmlAssets(g.dir).filter((f) => f.endsWith('.js'));
    const entryChunks = g.entrypoints[entryName(g)].map((id) => g.byId.get(id));
    const entryFiles = entryChunks.flatMap((c) => c.files).filter((f) => f.endsWith('.js'));
    if (fromHtml.length === 0) throw new Error(`${g.app}: index.html loads no script`);
    const missing = fromHtml.filter((f) => !entryFiles.includes(f));
    if (missing.length)
      throw new Error(`${g.app}: index.html loads ${missing.join(', ')}, which the chunk graph does not know`);
    // The entry's own import() (the async boundary) is always loaded: index.html preloads it
    // (tools/webpack/preload-boundary-plugin.cjs) so that it downloads alongside the entry.
    const boundary = entryChunks
      .flatMap((c) => c.edges.filter((e) => e.kind === 'boundary'))
      .flatMap((e) => e.chunks.flatMap((id) => g.byId.get(id).files))
      .filter((f) => /\.(js|css)$/.test(f));
    const preloads = htmlPreloads(g.dir);
    const notPreloaded = boundary.filter((f) => !preloads.includes(f));
    if (notPreloaded.length) throw new Error(`${g.app}: index.html does not preload ${notPreloaded.join(', ')}`);
  };
  check(shell);
  check(mono);

  const fedLogin = new PageLoad().addEntry(shell, entryName(shell));
  fedLogin.addFile(shell, 'index.html');
  const monoLogin = new PageLoad().addEntry(mono, entryName(mono));
  monoLogin.addFile(mono, 'index.html');

  const fedBo = new PageLoad().addEntry(shell, entryName(shell));
  fedBo.addFile(shell, 'index.html');
  fedBo.follow(shell, 'lazy', (e, g) => e.chunks.some((id) => g.byId.get(id)?.names.includes('federation')));
  fedBo.provide(shellProvidedKeys());
  fedBo.addFile(bo, 'mf-manifest.json');
  fedBo.addEntry(bo, 'backoffice');
  fedBo.follow(bo, 'expose', () => true);

  const monoBo = new PageLoad().addEntry(mono, entryName(mono));
  monoBo.addFile(mono, 'index.html');
  monoBo.follow(mono, 'lazy', (e, g) => e.chunks.some((id) => g.byId.get(id)?.names.includes('area-backoffice')));

  return { fedLogin, monoLogin, fedBo, monoBo, graphs: { shell, bo, mono } };
}

/** Every JS file a build ships (all apps for the federated build). */
export function totalJs(apps) {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const app of apps) {
    const g = loadGraph(app);
    for (const c of g.chunks) {
      for (const f of c.files) {
        if (!f.endsWith('.js')) continue;
        const s = fileSize(g.dir, f);
        raw += s.raw;
        gzip += s.gzip;
        files += 1;
      }
    }
  }
  return { files, raw, gzip };
}

/**
 * Problems with the brotli and gzip files a build writes beside its assets (the server sends them
 * instead of the file): a variant that does not decode to its file's current bytes (stale, or
 * written before a later plugin changed the file), or a variant without its file.
 */
export function precompressedProblems(apps) {
  const problems = [];
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  for (const app of apps) {
    for (const file of walk(DIST[app])) {
      const decode = file.endsWith('.br') ? brotliDecompressSync : file.endsWith('.gz') ? gunzipSync : null;
      if (!decode) continue;
      const original = file.slice(0, -3);
      const where = `${app}: ${path.relative(DIST[app], file)}`;
      if (!existsSync(original)) problems.push(`${where} has no ${path.basename(original)} beside it`);
      else if (!decode(readFileSync(file)).equals(readFileSync(original)))
        problems.push(`${where} does not decode to ${path.basename(original)}`);
    }
  }
  return problems;
}

/**
 * The graph's page load against what Chromium fetched (`urls`: Resource Timing paths), JS and CSS by
 * file name: `onlyGraph` the files the graph counts that the browser did not load, `onlyBrowser` the
 * reverse. `onlyGraph` must be empty. `onlyBrowser` is reported: what the page loads once idle
 * (axios, and for A the federation runtime) may finish before the login form shows on a fast run, and
 * the first view also loads the landing page's own lazy chunk, which both builds' figures leave out.
 */
export function compareWithBrowser(load, urls) {
  const name = (f) => f.split('/').pop();
  const graph = new Set(load.files({ ext: /\.(js|css)$/ }).map((f) => name(f.file)));
  const browser = new Set(urls.filter((u) => /\.(js|css)$/.test(u)).map(name));
  return {
    onlyGraph: [...graph].filter((f) => !browser.has(f)).sort(),
    onlyBrowser: [...browser].filter((f) => !graph.has(f)).sort(),
  };
}
