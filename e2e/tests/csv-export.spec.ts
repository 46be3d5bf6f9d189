import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/*
 * Every list exports (issue 33): the vendors list, which had no CSV, downloads one from the real
 * server through the shell's session, and its rows are exactly the vendors the list shows.
 */

async function signInAs(page: Page, email: string) {
  // An address of its own (the server trusts X-Forwarded-For here): the sign-in limit is per address.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.56.${process.pid % 250}.1` });
  await signIn(page, email);
  // Signed in once the shell has left the login page (the menu's name is in the user's language).
  await expect(page).not.toHaveURL(/\/authentication\//);
  await expect(page.getByRole('navigation').first()).toBeVisible();
}

test('the vendors list downloads a CSV of its rows (BOM, header, CRLF)', async ({ page }) => {
  await signInAs(page, 'owner@cornermarket.test');
  await page.goto('/vendors');
  const table = page.getByRole('table', { name: 'Vendors' });
  await expect(table).toBeVisible();
  // The vendor names the list shows (the first cell of each body row).
  const shown = (await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('th, td')?.textContent ?? '').trim()))) as string[];
  expect(shown.length).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vendors-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks = await (await file.createReadStream()).toArray();
  const bytes = Buffer.concat(chunks.map((c) => Buffer.from(c)));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Name,Contact,Email,Phone,Address,Note,Items,Active');
  expect(lines.at(-1)).toBe('');
  // The demo's vendor names have no separators or quotes: the first cell is the name as written.
  const names = lines.slice(1, -1).map((line) => line.split(',')[0]);
  expect(names.sort()).toEqual([...shown].sort());
});

test('in Spanish the same export is semicolon separated (as Excel in Spanish splits it)', async ({ page }) => {
  await signInAs(page, 'lucia@cornermarket.test');
  await page.goto('/vendors');
  await expect(page.getByRole('table', { name: 'Proveedores' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const chunks = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(chunks.map((c) => Buffer.from(c))).toString('utf8');
  expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(
    'Nombre;Contacto;Correo electrónico;Teléfono;Dirección;Nota;Artículos;Activo',
  );
});
