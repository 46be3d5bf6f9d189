import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, SHELL_NAMESPACE, type Language } from '@hive/shared/config';
import { readCookie } from '@hive/shared/http';

/** The language the user chose in the app (the `hive_lang` cookie the client sets), else the default. */
export function requestLanguage(cookieHeader: string | undefined): Language {
  const chosen = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

/** The shell's own text for the loader ("loading" of its namespace), or null when it cannot be read. */
async function loaderText(shellRoot: string, lng: Language): Promise<string | null> {
  try {
    const texts = JSON.parse(
      await fs.readFile(path.join(shellRoot, 'locales', lng, `${SHELL_NAMESPACE}.json`), 'utf8'),
    );
    return typeof texts?.loading === 'string' ? texts.loading : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The built index.html in the user's language before any script runs: `<html lang>` and the text
 * of the boot loader (`.hive-boot-loader`). The default language is served as built. Works on the
 * minified output (unquoted attributes) and on the readable template.
 */
export async function localizeShellIndex(html: string, shellRoot: string, lng: Language): Promise<string> {
  if (lng === DEFAULT_LANGUAGE) return html;
  let out = html.replace(/<html([^>]*?)\slang=("[^"]*"|'[^']*'|[^\s>]+)/i, `<html$1 lang="${lng}"`);
  const text = await loaderText(shellRoot, lng);
  if (text !== null) {
    out = out.replace(
      /(class=["']?hive-boot-loader\b[^>]*>)[^<]*</,
      (_m, open: string) => `${open}${escapeHtml(text)}<`,
    );
  }
  return out;
}
