import { expect, test } from '@playwright/test';

// What goes over the wire: the server sends the brotli files the build wrote (Chromium accepts br).
test.describe('bytes on the wire', () => {
  test("the login path's page, scripts and styles arrive brotli-compressed", async ({ page }) => {
    const seen = new Map<string, Record<string, string>>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (/\.(js|css)$|^\/authentication\/login$/.test(pathname)) seen.set(pathname, res.headers());
    });
    await page.goto('/authentication/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    const scripts = [...seen.keys()].filter((p) => p.endsWith('.js'));
    // main.js, the boot chunk and the login page's own chunk at least.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts).toContain('/main.js');
    for (const [pathname, headers] of seen) {
      expect(headers['content-encoding'], pathname).toBe('br');
      expect(headers['vary'], pathname).toMatch(/accept-encoding/i);
    }
    expect(seen.get('/authentication/login')?.['content-type']).toMatch(/^text\/html/);
    expect(seen.get('/main.js')?.['content-type']).toMatch(/javascript/);

    // The bytes the browser counted for them: the compressed bodies, a fraction of the files.
    const sizes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\.js$/.test(new URL(e.name).pathname))
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return { encoded: r.encodedBodySize, decoded: r.decodedBodySize };
        }),
    );
    const encoded = sizes.reduce((n, s) => n + s.encoded, 0);
    const decoded = sizes.reduce((n, s) => n + s.decoded, 0);
    expect(encoded).toBeLessThan(decoded * 0.4);
  });
});
