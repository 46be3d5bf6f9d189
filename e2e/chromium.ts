import { existsSync } from 'node:fs';

/**
 * The browser the e2e runs drive: CHROMIUM_PATH, else Debian's old headless shell
 * (`chromium-headless-shell`, the same Blink without the full browser around it: the same specs
 * took ~20 % less CPU and time than with `/usr/bin/chromium`, on two cores where the e2e run is
 * CPU-bound), else Debian's Chromium. Browsers cannot be downloaded here (DESIGN.md section 12).
 */
export function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `No Chromium at ${candidates.join(' or ')}. Install it with \`apt-get install -y chromium-headless-shell\` (or \`chromium\`, or set CHROMIUM_PATH), then run the e2e tests again.`,
    );
  }
  return found;
}
