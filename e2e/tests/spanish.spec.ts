import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, watchConsole } from './helpers';

/*
 * The back-office in Spanish, as lucia@cornermarket.test: a Corner Market manager whose stored
 * language is Spanish. A stored language applies at every sign-in and reload, so a test that
 * switched the language of an account other specs use made them read Spanish when they ran at the
 * same moment (the standalone spec failed so once). Only this file signs in as Lucía, and its tests
 * run one after the other.
 */

const LUCIA = 'lucia@cornermarket.test';

let address = 0;
async function signInAsLucia(page: Page) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.68.${process.pid % 250}.${address % 250}` });
  await signIn(page, LUCIA, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
}

const mainMenu = (page: Page, name: 'Main menu' | 'Menú principal') => page.getByRole('navigation', { name });

test('an account stored in Spanish opens in Spanish; the switch changes the account and survives a reload', async ({
  page,
}) => {
  const console = watchConsole(page);
  await signInAsLucia(page);
  // A manager lands on the first page of her menu.
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByTestId('backoffice-company')).toHaveText('Corner Market');
  try {
    await page.getByRole('button', { name: `Menú de la cuenta de ${LUCIA}` }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(mainMenu(page, 'Main menu')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    // The choice is saved on the account and in the cookie: a full reload keeps it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: `Account menu for ${LUCIA}` }).click();
    // Back to Spanish; the panel is still open.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(mainMenu(page, 'Menú principal')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  } finally {
    // The next tests of this file expect Lucía in Spanish, whatever happened above.
    await page.request.post('/api/auth/langchange', { data: { lang: 'es' } }).catch(() => undefined);
  }
  console.expectNone();
});

test('the settings pages read naturally in Spanish', async ({ page }) => {
  await signInAsLucia(page);
  await page.goto('/taxes');
  await expect(page.getByRole('heading', { level: 1, name: 'Impuestos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuevo tipo de impuesto' }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Standard rate/ })).toContainText('Incluido en el precio');
  await page.getByRole('button', { name: 'Configuración de ventas' }).click();
  await page.getByRole('link', { name: 'Tipos de pago' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tipos de pago' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bajar Cash' })).toBeVisible();
});

test('the reports read in Spanish', async ({ page }) => {
  await signInAsLucia(page);
  await page.goto('/salesperday');
  await expect(page.getByRole('heading', { level: 1, name: 'Ventas por día' })).toBeVisible();
  await expect(page.getByLabel('Periodo', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ventas por periodo' })).toBeVisible();
  await expect(page.getByText('Cómo se calculan las cifras')).toBeVisible();
});

test('every inventory page reads in Spanish, with dates in Spanish', async ({ page }) => {
  await signInAsLucia(page);
  for (const [path, title, table] of [
    ['/stock', 'Existencias', 'Stock disponible'],
    ['/purchase_orders', 'Órdenes de compra', 'Órdenes de compra'],
    ['/transfers', 'Traspasos', 'Traspasos'],
    ['/adjustment', 'Ajustes', 'Ajustes'],
    ['/production_templates', 'Plantillas de producción', 'Plantillas de producción'],
    ['/production_orders', 'Órdenes de producción', 'Órdenes de producción'],
    ['/vendors', 'Proveedores', 'Proveedores'],
    ['/warehouses', 'Almacenes', 'Almacenes'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('table', { name: table })).toBeVisible();
  }
  // A received purchase order of the demo (the oldest: other specs add newer ones without an
  // expected date): its facts and dates read in Spanish.
  await page.goto('/purchase_orders');
  await page.getByRole('row').filter({ hasText: 'Recibido' }).last().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Orden de compra n\.º \d+$/ })).toBeVisible();
  await expect(page.getByText('Proveedor', { exact: true })).toBeVisible();
  const expected = await page
    .getByText('Fecha prevista', { exact: true })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  expect(expected).toMatch(/^\d{1,2} [a-z]{3,4}\.? \d{4}$/);
});
