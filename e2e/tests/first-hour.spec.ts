import { expect, test, type Page } from '@playwright/test';
import { latestMail, linkIn, watchConsole } from './helpers';
import { playScript } from './register';
import { DeviceClient } from '../../simulator/src/clients';

/*
 * A café's first hour, in Spanish, as a new merchant lives it: sign-up with the country (euros,
 * Madrid, prices with VAT), the activation mail, the first-steps checklist, a tax, the menu from a
 * spreadsheet with decimal commas, a register paired at the bar, two sales (one split cash + card
 * with change), the card figure followed to receipts whose parts add up to it, and the register
 * that died: its shift closed from the back-office with the cash counted.
 */

const stamp = `${Date.now().toString(36)}${process.pid % 100}`;
const email = `cafe-${stamp}@cafe-sol.test`;
const password = 'cafe-sol-2026-secreta';
const company = `Café Sol ${stamp}`;

const firstSteps = (page: Page) => page.getByRole('region', { name: 'Primeros pasos' });
const step = (page: Page, name: string) => firstSteps(page).getByRole('listitem').filter({ hasText: name });

test('a café signs up in Spanish and sells within its first hour', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const console = watchConsole(page, { ignore: [/status of 40[19]/] });
  await page.context().addCookies([{ name: 'hive_lang', value: 'es', url: baseURL! }]);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.71.${process.pid % 250}.9` });

  // Sign-up: Spain proposes euros, Madrid and prices with VAT included.
  await page.goto('/authentication/signup');
  await page.getByLabel('Nombre de la empresa').fill(company);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Licencia').selectOption({ label: 'Restaurante' });
  await page.getByLabel('País').selectOption({ label: 'España' });
  await expect(page.getByLabel('Moneda')).toHaveValue('EUR');
  await expect(page.getByLabel('Zona horaria')).toHaveValue('Europe/Madrid');
  await expect(page.getByLabel('Precios e impuestos')).toHaveValue('included');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText(`Hemos enviado un enlace a ${email}`)).toBeVisible();

  // The activation mail is in Spanish and its link opens (absolute, on this server).
  const mail = await latestMail(baseURL!, email);
  expect(mail.body).toMatch(/confirm/i);
  expect(mail.body).toContain(`${new URL(baseURL!).origin}/authentication/activate?token=`);
  await page.goto(linkIn(mail.body, '/authentication/activate'));
  await page.getByRole('button', { name: 'Activar la cuenta' }).click();
  await expect(page.getByText('Tu cuenta está activa.')).toBeVisible();

  await page.goto('/authentication/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();

  // The checklist: nothing done yet, each step a link to its page.
  await page.goto('/overview');
  await expect(firstSteps(page)).toBeVisible();
  await expect(step(page, 'Añade los artículos que vendes')).toContainText('pendiente');
  await expect(step(page, 'Haz la primera venta')).toContainText('pendiente');

  // A tax: the new rate starts as included in the price, the company's mode.
  await step(page, 'Añade un impuesto').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impuestos' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo tipo de impuesto' }).first().click();
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('IVA');
  await page.getByRole('textbox', { name: /^Tipo \(%\)/ }).fill('10');
  await expect(page.getByRole('radio', { name: /^Incluido en el precio/ })).toBeChecked();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se ha añadido «IVA».')).toBeVisible();

  // The menu from a spreadsheet saved in Spanish: semicolons and decimal commas.
  await page.goto('/items');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar artículos de un archivo CSV' });
  await dialog.getByLabel('Elegir un archivo CSV').setInputFiles({
    name: 'carta.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Nombre;SKU;Categoría;Precio;Coste;Impuestos\n' +
        'Café con leche;CAFE-LECHE;Bebidas;1,80;0,50;IVA\n' +
        'Cruasán;CRUASAN;Bollería;2,20;0,70;IVA\n',
    ),
  });
  // Choosing the file reads it into a preview; nothing is written before the confirmation.
  await expect(dialog.getByText(/2 nuevos, 0 modificados/)).toBeVisible();
  await expect(dialog.getByText('Categorías nuevas: Bebidas, Bollería.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar 2 artículos' }).click();
  await expect(page.getByText(/Se importaron 2 artículos/)).toBeVisible();
  // 1,80 is one euro eighty, not 180.
  await expect(page.getByRole('row', { name: /Café con leche/ })).toContainText('1,80');
  await expect(page.getByRole('row', { name: /Café con leche/ })).not.toContainText('180,00');

  // A register at the bar, paired with the code on screen.
  await page.goto('/terminal');
  await page.getByRole('button', { name: 'Añadir terminal' }).first().click();
  const add = page.getByRole('dialog', { name: 'Añadir un terminal' });
  await add.getByRole('textbox', { name: /^Nombre/ }).fill('Barra');
  await add.getByRole('combobox', { name: /^Ubicación/ }).selectOption({ label: 'Local principal' });
  await add.getByRole('button', { name: 'Añadir terminal' }).click();
  const pairing = page.getByRole('dialog', { name: 'Vincular Barra' });
  const code = (await pairing.getByTestId('pairing-code').textContent())!.replace(/\s/g, '');
  const origin = new URL(page.url()).origin;
  const device = new DeviceClient(origin, (await DeviceClient.pair(origin, code, 'Hive Register T3')).token);
  await expect(pairing).toBeHidden({ timeout: 20_000 });

  // Two sales: 2 cafés + 1 cruasán (5,80) paid 5,00 cash + 3,00 card with 2,20 change; 1 cruasán by card.
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const results = await playScript(device, `first-hour:${stamp}`, {
    shifts: [{ key: 'shift', openedAt: iso(now - 120_000), floatCents: 10_000 }],
    receipts: [
      {
        key: 'split',
        at: iso(now - 90_000),
        shift: 'shift',
        lines: [
          { sku: 'CAFE-LECHE', quantity: 2 },
          { sku: 'CRUASAN', quantity: 1 },
        ],
        payments: [
          { type: 'cash', amountCents: 500 },
          { type: 'card', amountCents: 300 },
        ],
        changeCents: 220,
      },
      {
        key: 'card',
        at: iso(now - 60_000),
        shift: 'shift',
        lines: [{ sku: 'CRUASAN', quantity: 1 }],
        payments: [{ type: 'card' }],
      },
    ],
    movements: [],
  });
  for (const [key, result] of results) expect(result.status, key).toBe('stored');

  // The card figure of the sales summary opens receipts whose card parts add up to it.
  await page.goto('/sales?period=today');
  const payments = page.getByRole('table', { name: 'Por forma de pago' });
  const cardRow = payments
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /Ver los tickets de Tarjeta|Ver los tickets de Card/ }) });
  await expect(cardRow).toContainText('5,20');
  await cardRow.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /Tickets|Transacciones/ })).toBeVisible();
  const total = page.getByRole('row', { name: /Total de 2 tickets/ });
  await expect(total).toContainText('5,20');
  await expect(page.getByRole('columnheader', { name: /Cobrado con (Tarjeta|Card), neto/ })).toBeVisible();

  // The register dies: the merchant unpairs it and closes its shift with the cash counted
  // (float 100,00 + 2,80 kept from the split sale).
  await page.goto('/terminal');
  await page.getByRole('button', { name: 'Desvincular Barra' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Desvincular Barra?' })
    .getByRole('button', { name: 'Desvincular' })
    .click();
  await page.getByRole('button', { name: 'Cerrar turno n.º 1 de Barra' }).click();
  const close = page.getByRole('dialog', { name: 'Cerrar el turno n.º 1 de Barra' });
  await close.getByRole('textbox', { name: /^Efectivo contado/ }).fill('102,80');
  await close.getByRole('button', { name: 'Revisar' }).click();
  await page.getByRole('button', { name: 'Cerrar turno', exact: true }).click();
  await expect(page.getByText('El turno n.º 1 de Barra está cerrado.')).toBeVisible();
  await expect(page.getByText(/diferencia: 0,00/)).toBeVisible();
  await page.getByRole('link', { name: 'Abrir el cierre' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cierres' })).toBeVisible();

  // The checklist ticks what was done from the data itself.
  await page.goto('/overview');
  for (const done of [
    'Añade un impuesto',
    'Añade los artículos que vendes',
    'Vincula una caja',
    'Haz la primera venta',
  ]) {
    await expect(step(page, done)).toContainText('hecho');
  }
  console.expectNone();
});
