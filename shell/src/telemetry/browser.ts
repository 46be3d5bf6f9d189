import type { BrowserFamily } from './types';

/** The browser family from the user agent: the only thing about the device the telemetry sends. */
export function browserFamily(userAgent: string): BrowserFamily {
  // Order matters: Edge and the other Chromium browsers also say "Chrome" and "Safari".
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(OPR|Opera|SamsungBrowser|YaBrowser|Vivaldi)\//.test(userAgent)) return 'other';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return 'other';
}
