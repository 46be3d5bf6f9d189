// What a browser must download before it can paint a public page (bench:check, issue 46): the HTML,
// the stylesheets it links (render-blocking) and any classic script in <head> without `defer` or
// `async` (parser-blocking: the page does not paint before it has downloaded and run). Pure, from
// the text of index.html and the ordering remote's manifest; bench/budgets.mjs sizes the files.
// No import.meta here: Jest runs this as CommonJS (jest.config.cjs, project `bench`).

/** The `<script>` and `<link>` tags of some HTML, attributes parsed (minified HTML has bare values). */
export function parseTags(html) {
  return [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, tag, attrs]) => {
    const a = { tag: tag.toLowerCase() };
    for (const m of attrs.matchAll(/([\w-]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g))
      a[m[1].toLowerCase()] = (m[2] ?? '').replace(/^["']|["']$/g, '');
    return a;
  });
}

/** Script types a browser runs as classic scripts (anything else is data, a template, or a module). */
const CLASSIC = /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;

/**
 * The head's render-blocking resources: `stylesheets` (hrefs of `<link rel=stylesheet>` that apply
 * to the screen) and `scripts` (srcs of classic scripts without defer/async; `(inline)` for one
 * without src: it blocks the parser too, though its bytes are the HTML's).
 */
export function renderBlocking(html) {
  const noComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const end = noComments.search(/<\/head\s*>|<body[\s>]/i);
  const head = end >= 0 ? noComments.slice(0, end) : noComments;
  const tags = parseTags(head);
  const stylesheets = tags
    .filter((t) => {
      if (t.tag !== 'link' || 'disabled' in t) return false;
      const rel = (t.rel ?? '').toLowerCase().split(/\s+/);
      // `media=print` (the async-CSS trick) does not block the screen's first paint.
      return rel.includes('stylesheet') && !rel.includes('alternate') && !/^\s*print\s*$/i.test(t.media ?? '');
    })
    .map((t) => t.href);
  const scripts = tags
    .filter((t) => t.tag === 'script' && CLASSIC.test((t.type ?? '').trim()) && !('defer' in t) && !('async' in t))
    .map((t) => t.src || '(inline)');
  return { stylesheets, scripts };
}

/** The CSS files the manifest lists for an expose's first render (`assets.css.sync`), as the server reads it. */
export function exposeStyles(manifest, name = 'App') {
  const expose = (manifest?.exposes ?? []).find((e) => e?.name === name);
  return (expose?.assets?.css?.sync ?? []).filter((f) => typeof f === 'string');
}

/**
 * A same-origin URL of the page -> the build file it serves: `/remotes/<app>/<file>` from a remote's
 * dist folder, anything else from the shell's. A URL on another origin cannot be measured here.
 */
export function buildFile(url) {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) throw new Error(`${url} is on another origin: not a file of the build`);
  const p = url.replace(/[?#].*$/, '').replace(/^\.?\//, '');
  const remote = /^remotes\/([^/]+)\/(.+)$/.exec(p);
  return remote ? { app: remote[1], file: remote[2] } : { app: 'shell', file: p };
}

/**
 * The files each public page needs before its first paint. `html`: the shell's index.html (every
 * page's); `orderingManifest`: the ordering remote's mf-manifest.json, whose `./App` CSS the server
 * puts in a store page (with the shell's preloaded CSS) from `orderingBase`. Also the head's blocking scripts (a budget of 0).
 */
export function firstPaintFiles(html, orderingManifest, { orderingBase = '/remotes/ordering/' } = {}) {
  const { stylesheets, scripts } = renderBlocking(html);
  const login = [
    { app: 'shell', file: 'index.html' },
    ...stylesheets.map(buildFile),
    ...scripts.filter((s) => s !== '(inline)').map(buildFile),
  ];
  // On a store page with its first screen the server makes the shell's preloaded CSS (the document's
  // base) part of the first paint too (server/src/web/firstScreen: inlined), beside the remote's.
  const shellStyles = parseTags(html)
    .filter(
      (t) => t.tag === 'link' && (t.rel ?? '').toLowerCase() === 'preload' && (t.as ?? '').toLowerCase() === 'style',
    )
    .map((t) => buildFile(t.href));
  const storefront = [
    ...login,
    ...shellStyles,
    ...exposeStyles(orderingManifest).map((f) => buildFile(`${orderingBase}${f}`)),
  ];
  return { login, storefront, blockingScripts: scripts };
}
