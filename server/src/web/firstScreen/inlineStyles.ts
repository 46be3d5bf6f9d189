import fs from 'node:fs/promises';
import path from 'node:path';

/** More than the shell's and the storefront's CSS together; a larger sheet stays a link. */
const MAX_INLINE = 64 * 1024;
/** Same-origin, content-hashed CSS of a build this server hosts: it never changes under its name. */
const HASHED_CSS = /^\/(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_.-]+\.[0-9a-f]{8,}\.css$/i;
const STYLESHEET = /<link rel=(["']?)stylesheet\1 href=(["']?)([^"'\s>]+)\2>/gi;

/**
 * The stylesheets of a page with a first screen, inlined: the page paints from its HTML alone, with
 * no request before the first paint. Only this server's own hashed files (`files` maps a URL path to
 * the file, or null); a sheet on another origin, too large, or unreadable stays a link.
 */
export class InlineStyles {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly files: (urlPath: string) => string | null) {}

  private async read(href: string): Promise<string | null> {
    if (!HASHED_CSS.test(href)) return null;
    if (this.cache.has(href)) return this.cache.get(href)!;
    const file = this.files(href);
    let css: string | null = null;
    if (file) {
      try {
        const text = await fs.readFile(file, 'utf8');
        // Never a way out of the <style> element.
        css =
          text.length <= MAX_INLINE && !/<\/style/i.test(text)
            ? text.replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
            : null;
      } catch {
        css = null;
      }
    }
    if (this.cache.size > 200) this.cache.clear();
    this.cache.set(href, css);
    return css;
  }

  async inline(html: string): Promise<string> {
    const hrefs = [...html.matchAll(STYLESHEET)].map((m) => m[3]!);
    const sheets = new Map(await Promise.all(hrefs.map(async (href) => [href, await this.read(href)] as const)));
    return html.replace(STYLESHEET, (tag, _q1, _q2, href: string) => {
      const css = sheets.get(href);
      return css ? `<style data-href="${href}">${css}</style>` : tag;
    });
  }
}

/** A URL path of a build this server hosts, as a file: the shell's folder, or a remote's under /remotes/<name>/. */
export function hostedFile(shellRoot: string, remoteRoots: Record<string, string>) {
  return (urlPath: string): string | null => {
    const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(urlPath);
    const [root, rest] = remote ? [remoteRoots[remote[1]!], remote[2]!] : [shellRoot, urlPath.slice(1)];
    if (!root) return null;
    const file = path.resolve(root, rest);
    return file.startsWith(path.resolve(root) + path.sep) ? file : null;
  };
}
