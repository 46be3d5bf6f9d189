import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/*
 * Raw text keys on a page. i18next shows a key it cannot find as the key itself
 * ("promotions.hints.stackable", "common:layout.home"), which a person reads as gibberish. A text (or
 * an accessible name, placeholder or tooltip) is a raw key when it is one dotted word path whose first
 * word is a namespace or a top-level section of the locale files: so "cornermarket.test" or "v2.1" is
 * not, and a key added in a new section is caught as soon as its section exists.
 */

const ROOT = path.resolve(__dirname, '../..');
const LOCALE_DIRS = ['backoffice-remote', 'admin-remote', 'ordering-remote', 'shell'].map((dir) =>
  path.join(ROOT, dir, 'public/locales'),
);

function knownFirstWords(): string[] {
  const words = new Set<string>();
  for (const dir of LOCALE_DIRS) {
    for (const lng of readdirSync(dir)) {
      for (const file of readdirSync(path.join(dir, lng)).filter((f) => f.endsWith('.json'))) {
        words.add(file.replace(/\.json$/, ''));
        const texts = JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8')) as Record<string, unknown>;
        for (const key of Object.keys(texts)) words.add(key);
      }
    }
  }
  return [...words];
}

const FIRST_WORDS = knownFirstWords();

/** The raw keys shown on the page now (visible text, aria-label, placeholder, title, alt), one line each. */
export async function rawKeys(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate((first) => {
    const known = new Set(first);
    // `ns:` is what i18next prefixes when told to (appendNamespaceToMissingKey), and a caller's own.
    const shape = /^(?:([a-z][\w-]*):)?([a-z][\w-]*)(?:\.[\w-]+)+$/;
    const isKey = (text: string) => {
      const match = shape.exec(text.trim());
      return !!match && (known.has(match[2]!) || (!!match[1] && known.has(match[1])));
    };
    const shown: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !isKey(node.textContent ?? '')) continue;
      if (parent.closest('script, style, template, noscript')) continue;
      // Text shown, or read out (a visually hidden span is both to a screen reader).
      if (parent.checkVisibility() || parent.closest('.sr-only, [class*="visuallyHidden"]'))
        shown.push(node.textContent!.trim());
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && isKey(value)) shown.push(`${name}="${value}"`);
      }
    }
    return [...new Set(shown)];
  }, FIRST_WORDS);
  return found.map((key) => `${where}: raw text key ${key}`);
}
