import type { Kysely } from 'kysely';
import type { Language } from '@hive/shared/config';
import type { Database } from '../database';
import { findStoreBySlug } from '../modules/ordering';

/**
 * The title and description of a page in the HTML the server sends, before any script runs: what a
 * search engine, a link preview (og: tags) and the browser tab show. Only the storefront
 * (`/ordering/<slug>` and its sub-pages) has its own: the store's name from its public profile
 * (the same data `/ordering_master/stores/<slug>` answers to anyone); every other page keeps the
 * title and description of the built index.html.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The store's slug as stored (lower case), for the page's preload hints. */
  slug: string;
}

/** The storefront's own words, as in the ordering remote's locale files (`title`). */
const STOREFRONT_TEXT: Record<Language, { area: string; description: (name: string) => string }> = {
  en: {
    area: 'Online ordering',
    description: (name) =>
      `Order online from ${name}: see the menu and prices, and pick up your order when it is ready.`,
  },
  es: {
    area: 'Pedidos en línea',
    description: (name) =>
      `Haz tu pedido en línea a ${name}: consulta la carta y los precios, y recógelo cuando esté listo.`,
  },
};

/** `/ordering/<slug>`, `/ordering/<slug>/checkout`, `/ordering/<slug>/orders/<id>`: the slug. */
const STOREFRONT_PATH = /^\/ordering\/([^/]+)(?:\/|$)/;

/** The page's own title and description, or null for the built index.html's (unknown store too). */
export async function pageMetaFor(db: Kysely<Database>, pagePath: string, lng: Language): Promise<PageMeta | null> {
  const slug = STOREFRONT_PATH.exec(pagePath)?.[1];
  if (!slug) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  const store = await findStoreBySlug(db, decoded);
  if (!store) return null;
  const text = STOREFRONT_TEXT[lng] ?? STOREFRONT_TEXT.en;
  return { title: `${store.name} · ${text.area}`, description: text.description(store.name), slug: store.slug };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']?description["']?[^>]*>/i;
const HEAD_END = /<\/head>/i;
const OG_TAGS = /<meta\s+property=["']?og:(?:title|description|type)["']?[^>]*>/gi;

/**
 * The built index.html with `meta`'s title, description and og: tags, and `extraHead` (trusted
 * markup: preload hints) after them. Found by pattern (the
 * minified build, the readable template, or an older shell's build served through today's server):
 * what is not found is left alone, never an error; with no `<title>` nothing changes at all.
 */
export function injectPageMeta(html: string, meta: Omit<PageMeta, 'slug'>, extraHead = ''): string {
  if (!TITLE.test(html)) return html;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags =
    `<meta name="description" content="${description}">` +
    `<meta property="og:type" content="website">` +
    `<meta property="og:title" content="${title}">` +
    `<meta property="og:description" content="${description}">` +
    extraHead;
  // A function replacement: `$` in a store's name must not be read as a replacement pattern.
  let out = html.replace(OG_TAGS, '').replace(DESCRIPTION, '');
  out = out.replace(TITLE, () => `<title>${title}</title>`);
  // At the end of the head, after the shell's own scripts and preloads: the shell's code is asked
  // for first (it boots everything), the storefront's files right behind it.
  return HEAD_END.test(out) ? out.replace(HEAD_END, () => `${tags}</head>`) : out.replace(TITLE, (t) => `${t}${tags}`);
}
