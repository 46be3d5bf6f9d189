import type { Logger } from 'pino';
import { FIRST_SCREEN_ID } from '@hive/shared/config';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import type { ServerBuildSource } from '../storefrontHints';
import { serverBuildFile } from './buildFile';
import { RenderWorker, TimeoutError } from './renderWorker';

/** What the ordering remote's server build takes (its FirstScreenInput, interface version 1). */
export interface FirstScreenInput {
  lng: string;
  path: string;
  profile: StoreProfile;
  menu: StoreMenu;
}
export interface FirstScreen {
  head: string;
  body: string;
}

/** A page waits this long for its first screen (the first one of a build also loads it), then goes without. */
export const RENDER_BUDGET_MS = 1_000;
/** A build that failed (load, integrity, error, deadline) is not tried again for this long. */
const RETRY_AFTER_MS = 60_000;
/** Builds kept loaded at once: the active release and a canary, with room for a change. */
const MAX_BUILDS = 4;
/** Larger than any menu's first screen: anything bigger is not sent. */
const MAX_MARKUP = 512 * 1024;

const untilDeadline = (deadline: number) =>
  new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())).unref());

const isFirstScreen = (value: unknown): value is FirstScreen => {
  if (!value || typeof value !== 'object') return false;
  const { head, body } = value as Record<string, unknown>;
  return (
    typeof head === 'string' &&
    typeof body === 'string' &&
    body.startsWith(`<div id="${FIRST_SCREEN_ID}"`) &&
    head.length + body.length <= MAX_MARKUP
  );
};

/**
 * The storefront's first screens, rendered by the server build of the visitor's ordering release
 * (loaded once per build, in a worker). Never an error for the page: a release without a server
 * build, one that cannot be loaded, fails or is late gives null, and the page is sent as before.
 */
export class FirstScreens {
  private readonly builds = new Map<string, { worker: Promise<RenderWorker> | null; failedUntil: number }>();

  constructor(
    private readonly log?: Logger,
    private readonly cacheDir?: string,
  ) {}

  async render(
    source: ServerBuildSource,
    input: FirstScreenInput,
    budgetMs = RENDER_BUDGET_MS,
  ): Promise<FirstScreen | null> {
    const deadline = Date.now() + budgetMs;
    const key = source.integrity;
    let entry = this.builds.get(key);
    if (entry && !entry.worker && entry.failedUntil > Date.now()) return null;
    try {
      if (!entry?.worker) {
        // One load per build, however many pages ask at once.
        entry = {
          worker: serverBuildFile(source, this.cacheDir).then((file) => new RenderWorker(file)),
          failedUntil: 0,
        };
        this.builds.set(key, entry);
        this.evict();
      }
      const worker = await Promise.race([entry.worker!, untilDeadline(deadline)]);
      // Still loading (fetched from its origin, or a busy machine): this page goes without, not the next.
      if (!worker) return null;
      const output = await worker.render(input, deadline);
      if (output === null) return null; // the build renders nothing for this page (a closed store)
      if (!isFirstScreen(output)) throw new Error('its answer is not a first screen');
      return output;
    } catch (error) {
      if (error instanceof TimeoutError && error.phase === 'loading') return null;
      this.log?.warn(
        { err: error, build: source.kind === 'url' ? source.url : source.path },
        "the ordering release's server build failed: pages go without a first screen for a minute",
      );
      void entry?.worker?.then(
        (w) => w.close(),
        () => undefined,
      );
      this.builds.set(key, { worker: null, failedUntil: Date.now() + RETRY_AFTER_MS });
      return null;
    }
  }

  private evict(): void {
    while (this.builds.size > MAX_BUILDS) {
      const [oldest, entry] = this.builds.entries().next().value!;
      void entry.worker?.then(
        (w) => w.close(),
        () => undefined,
      );
      this.builds.delete(oldest);
    }
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.builds.values()].map((e) =>
        e.worker?.then(
          (w) => w.close(),
          () => undefined,
        ),
      ),
    );
    this.builds.clear();
  }
}

const HEAD_END = /<\/head>/i;
/** The shell's root as built (minified: `<div id=root>`) or as written (`<div id="root">`). */
const ROOT = /<div id=(["']?)root\1(?=[\s>])/i;

/** The shell's own CSS, announced as a preload (it is applied when the shell's code runs). */
const STYLE_PRELOAD = /<link rel=(["']?)preload\1 as=(["']?)style\2 href=(["']?)([^"'\s>]+)\3>/gi;

/**
 * The page with the first screen: its rules at the end of <head>, its markup just before the shell's
 * root. The shell's CSS (the document's base: box sizing, body margin, fonts of controls) becomes a
 * stylesheet, so that the first screen paints with the geometry the app will have.
 */
export function injectFirstScreen(html: string, screen: FirstScreen): string {
  if (!HEAD_END.test(html) || !ROOT.test(html)) return html;
  return html
    .replace(
      STYLE_PRELOAD,
      (_tag, _q1, _q2, q3: string, href: string) => `<link rel=stylesheet href=${q3}${href}${q3}>`,
    )
    .replace(HEAD_END, () => `${screen.head}</head>`)
    .replace(ROOT, (root) => `${screen.body}${root}`);
}
