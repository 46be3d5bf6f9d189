import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LIVE_POLL_MS } from '@hive/shared/schemas/backoffice/devices';
import type { DeviceConfig } from '@hive/shared/schemas/device';
import { SimulatedRegister } from '@hive/shared/simulation/register';
import { bannerPng } from '../../server/src/modules/devices/png';
import { DeviceClient } from '../../simulator/src/clients';
import { signIn, watchConsole } from './helpers';
import { seededCatalog } from './register';

/*
 * The Devices pages (issue 17) in Chromium against the real server and database: terminals paired
 * through the device API with the code on screen, a simulated register selling while the overview
 * and the terminal card follow live, the terminal log's filters, printers with kitchen routing and
 * the print queue, banners with their image checks, order and preview, and in a register's config.
 */

let address = 0;
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.58.${process.pid % 250}.${address % 250}` });
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
}

/** Serious and critical axe violations of the page as it is now. */
async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** What a register does with the code its user typed in: POST /api/device/v1/pair. */
async function registerPairs(page: Page, code: string, model = 'Hive Register T3'): Promise<DeviceClient> {
  const url = new URL(page.url()).origin;
  const paired = await DeviceClient.pair(url, code.replace(/\s/g, ''), model);
  return new DeviceClient(url, paired.token);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe('Devices', () => {
  test('terminals: add one and see its code counting down, watch it pair live, rename and move it, unpair it', async ({
    page,
  }) => {
    // The taken name's 409 is part of the story.
    const errors = watchConsole(page, { ignore: [/status of 409/] });
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/terminal');
    await expect(page.getByRole('heading', { level: 1, name: 'Terminals' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Devices');

    await page.getByRole('button', { name: 'Add terminal' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a terminal' });
    // Nothing chosen yet: a message per field, nothing sent.
    await add.getByRole('button', { name: 'Add terminal' }).click();
    await expect(add.getByText('This field is required.')).toBeVisible();
    await expect(add.getByText('Choose one of the options.')).toBeVisible();
    await add.getByRole('textbox', { name: /^Name/ }).fill('E2E till');
    await add.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Main Street' });
    await add.getByRole('button', { name: 'Add terminal' }).click();

    const pairing = page.getByRole('dialog', { name: 'Pair E2E till' });
    await expect(pairing.getByTestId('pairing-code')).toHaveText(/^[A-HJ-NP-Z2-9]{4} [A-HJ-NP-Z2-9]{4}$/);
    await expect(pairing).toContainText(/Expires in (10:00|9:5\d)/);
    const first = await pairing.getByText(/Expires in/).textContent();
    await expect(pairing.getByText(/Expires in/)).not.toHaveText(first!, { timeout: 3000 });
    expect(await axe(page, 'pairing code')).toEqual([]);
    const code = await pairing.getByTestId('pairing-code').textContent();
    // A new code replaces the old one.
    await pairing.getByRole('button', { name: 'Get a new code' }).click();
    await expect(pairing.getByTestId('pairing-code')).not.toHaveText(code!);

    // The register types the code: the dialog closes and the card turns online without a reload.
    const device = await registerPairs(page, (await pairing.getByTestId('pairing-code').textContent())!);
    await expect(page.getByText('“E2E till” is paired and ready.')).toBeVisible({ timeout: LIVE_POLL_MS + 2000 });
    await expect(pairing).toBeHidden();
    await expect(card(page, 'E2E till').getByText('Online')).toBeVisible();
    await expect(card(page, 'E2E till')).toContainText('simulator-1.0');

    await page.getByRole('button', { name: 'Edit E2E till' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit E2E till' });
    await edit.getByRole('textbox', { name: /^Name/ }).fill('Till 1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Another terminal already has this name.')).toBeVisible();
    await edit.getByRole('textbox', { name: /^Name/ }).fill('E2E kiosk till');
    await edit.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Station kiosk' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('“E2E kiosk till” was saved.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Station kiosk' }).getByRole('article', { name: 'E2E kiosk till' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Unpair E2E kiosk till' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unpair E2E kiosk till?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'E2E kiosk till').getByText('Online')).toBeVisible();
    await page.getByRole('button', { name: 'Unpair E2E kiosk till' }).click();
    await confirm.getByRole('button', { name: 'Unpair' }).click();
    await expect(card(page, 'E2E kiosk till').getByText('Unpaired')).toBeVisible();
    // Its token is revoked at once: the register's next call is refused.
    expect((await device.config()).status).toBe(401);

    // Its log tells the story.
    await page.getByRole('link', { name: 'Log of E2E kiosk till' }).click();
    await expect(page).toHaveURL(/\/terminal_log\?terminal=\d+$/);
    const log = page.getByRole('table', { name: 'Terminal log' });
    await expect(log).toContainText('Unpaired: the device token was revoked');
    await expect(log).toContainText(
      'Terminal renamed from "E2E till" to "E2E kiosk till" and moved to another location',
    );
    await expect(log).toContainText('Terminal added; pairing code issued');
    errors.expectNone();
  });

  test('a paired register sells: the overview and its card follow live, without a reload', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/terminal');
    await page.getByRole('button', { name: 'Add terminal' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a terminal' });
    const name = `E2E live till ${Date.now() % 100000}`;
    await add.getByRole('textbox', { name: /^Name/ }).fill(name);
    await add.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Main Street' });
    await add.getByRole('button', { name: 'Add terminal' }).click();
    const code = await page
      .getByRole('dialog', { name: `Pair ${name}` })
      .getByTestId('pairing-code')
      .textContent();
    const device = await registerPairs(page, code!, 'Hive register simulator');
    const reply = await device.config();
    expect(reply.status).toBe(200);
    const register = new SimulatedRegister(seededCatalog(reply.body as DeviceConfig), {
      seed: `e2e:${name}`,
      restaurant: false,
    });

    await page.goto('/overview');
    const receipts = page
      .getByRole('list', { name: 'Key figures' })
      .getByRole('listitem')
      .filter({ hasText: /^Receipts/ })
      .locator('strong');
    await expect(receipts).toHaveText(/\d/);
    const before = Number((await receipts.textContent())!.replace(/\D/g, ''));

    const now = Date.now();
    const sent = await device.send([
      register.openShift(now - 3000),
      register.sale(now - 2000),
      register.sale(now - 1000),
    ]);
    expect(sent.status).toBe(200);
    // Each event's outcome in the message: a rejection names its reasons (once seen: stored 2 of 3).
    expect(sent.body.stored, JSON.stringify(sent.body.results)).toBe(3);
    // The same batch again (a register that lost the answer): duplicates, nothing counted twice.
    const events = [register.sale(now - 500)];
    expect((await device.send(events)).body.stored).toBe(1);
    expect((await device.send(events)).body.duplicate).toBe(1);

    // Within 5 seconds, no reload: the overview polls its version and reloads its figures.
    await expect(receipts).toHaveText(new Intl.NumberFormat('en-US').format(before + 3), { timeout: 5000 });
    await page.goto('/terminal');
    await expect(card(page, name).getByText('Online')).toBeVisible();
    await expect(card(page, name)).toContainText('simulator-1.0');
  });

  test('terminal log: filters by terminal, kind, level and days, kept in the URL', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    // Something to find: a terminal added, its code withdrawn (a warning).
    await page.goto('/terminal');
    await page.getByRole('button', { name: 'Add terminal' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a terminal' });
    await add.getByRole('textbox', { name: /^Name/ }).fill('Log till');
    await add.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Main Street' });
    await add.getByRole('button', { name: 'Add terminal' }).click();
    await page.getByRole('dialog', { name: 'Pair Log till' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Withdraw code to pair Log till' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw code' }).click();
    await expect(card(page, 'Log till').getByText('Not paired')).toBeVisible();

    await page.getByRole('navigation', { name: 'Bottom menu' }).getByRole('link', { name: 'Terminal log' }).click();
    const table = page.getByRole('table', { name: 'Terminal log' });
    await page.getByRole('combobox', { name: 'Terminal' }).selectOption({ label: 'Log till · Main Street' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Warning' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Pairing code withdrawn');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`terminal=\\d+&level=warning&from=${today}&to=${today}$`));
    await expect(table).toContainText('Pairing code withdrawn');

    // A reload (or a shared link) keeps the filters.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('warning');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
    await expect(table).toContainText('Pairing code withdrawn');

    await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Sync' });
    await expect(page.getByRole('heading', { name: 'Nothing in the log matches these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/terminal_log$/);
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  });

  test('remote printing: a kitchen printer routed to a category, a test page queued, cancelled and retried', async ({
    page,
  }) => {
    await signInAs(page, 'owner@bluedoor.test');
    await page.goto('/remoteprint');
    await expect(page.getByRole('heading', { level: 1, name: 'Remote printing' })).toBeVisible();
    await expect(card(page, 'Kitchen')).toContainText('Starters, Mains, Pasta, Desserts');

    await page.getByRole('button', { name: 'Add printer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a printer' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E pizza oven');
    await dialog.getByRole('radio', { name: /Kitchen tickets/ }).check();
    await dialog.getByRole('combobox', { name: 'Printing terminal' }).selectOption({ label: 'Floor' });
    await dialog.getByRole('textbox', { name: 'Address' }).fill('192.168.1.77:9100');
    await dialog.getByRole('group', { name: 'Categories it prints' }).getByRole('checkbox', { name: 'Pasta' }).check();
    expect(await axe(page, 'printer dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Add printer' }).click();
    await expect(page.getByText('“E2E pizza oven” was added.')).toBeVisible();
    const printer = card(page, 'E2E pizza oven');
    await expect(printer).toContainText('PrintsPasta');
    await expect(printer).toContainText('TerminalFloor');

    await page.getByRole('button', { name: 'Print test page on E2E pizza oven' }).click();
    await expect(
      page.getByText('Test page queued for “E2E pizza oven”: Floor prints it at its next sync.'),
    ).toBeVisible();
    const queue = page.getByRole('table', { name: 'Print jobs, newest first' });
    const job = queue.getByRole('row').filter({ hasText: 'Test page · E2E pizza oven' });
    await expect(job).toContainText('Queued');
    await expect(printer).toContainText('1 waiting');
    await job.getByText('Show ticket').click();
    await expect(job).toContainText('If you can read this, printing works.');

    await job.getByRole('button', { name: 'Cancel job Test page · E2E pizza oven' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this print job?' })
      .getByRole('button', { name: 'Cancel job' })
      .click();
    await expect(job).toContainText('Cancelled');
    await job.getByRole('button', { name: 'Retry Test page · E2E pizza oven' }).click();
    await expect(job).toContainText('Queued');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Cancelled' });
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(queue.getByRole('row').filter({ hasText: 'Test page · E2E pizza oven' })).toHaveCount(0);
  });

  test('banners: a non-image refused with its message and nothing saved; an upload, its order and its preview', async ({
    page,
  }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/kioske_banner');
    const list = page.getByRole('list', { name: 'Banners, in the order the devices show them' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const before = await list.getByRole('listitem').count();

    await page.getByRole('link', { name: 'New kiosk banner' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New kiosk banner' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Title/ }).fill('E2E spring menu');
    // An SVG named .png: refused by its content, before anything is sent.
    await page.getByLabel('Choose image').setInputFiles({
      name: 'menu.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect(page.getByText('This file is not a PNG, JPEG or WebP image (SVG is not accepted).')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose an image.')).toBeVisible();
    expect(await axe(page, 'banner form with errors')).toEqual([]);
    // The server refuses it too, with the reason on the field.
    const refused = await page.request.post('/api/backoffice/kiosk_banners', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        title: 'Sneaky',
        activeFrom: null,
        activeUntil: null,
        allLocations: true,
        locationIds: [],
        image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).fields.image).toMatch(/PNG, JPEG or WebP/);

    await page.getByLabel('Choose image').setInputFiles({
      name: 'spring.png',
      mimeType: 'image/png',
      buffer: bannerPng(90, 160, '#14532d', '#fde68a'),
    });
    await expect(page.getByText('spring.png')).toBeVisible();
    const formPreview = page.getByRole('complementary', { name: 'Preview' });
    await expect(formPreview.getByRole('img', { name: 'E2E spring menu' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('“E2E spring menu” was added.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);
    const mine = list.getByRole('listitem', { name: 'E2E spring menu' });
    await expect(list.getByRole('listitem').last()).toHaveAccessibleName('E2E spring menu');

    // A register of the company gets it in its config, with its image behind the device token.
    const origin = new URL(page.url()).origin;
    const location = (
      (await (await page.request.get('/api/backoffice/terminals/options')).json()) as {
        locations: { id: number; active: boolean }[];
      }
    ).locations.find((l) => l.active)!;
    const created = await page.request.post('/api/backoffice/terminals', {
      headers: { Origin: origin },
      data: { name: `E2E kiosk ${Date.now() % 100000}`, locationId: location.id },
    });
    expect(created.status()).toBe(201);
    const kiosk = await registerPairs(page, ((await created.json()) as { pairingCode: string }).pairingCode);
    const config = (await kiosk.config()).body as DeviceConfig;
    const inConfig = config.banners.kiosk.find((b) => b.title === 'E2E spring menu');
    expect(inConfig?.contentType).toBe('image/png');
    const image = await fetch(new URL(inConfig!.imageUrl, origin), {
      headers: { authorization: `Bearer ${kiosk.token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Up one place: saved at once, still so after a reload.
    await page.getByRole('button', { name: 'Move E2E spring menu up' }).click();
    await expect(page.getByText(`E2E spring menu is now number ${before} of ${before + 1}.`)).toBeAttached();
    await page.reload();
    await expect(list.getByRole('listitem').nth(before - 1)).toHaveAccessibleName('E2E spring menu');

    // The preview shows it as the kiosk does, portrait or landscape.
    await mine.getByRole('button', { name: 'Preview E2E spring menu' }).click();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    const shown = preview.getByRole('img', { name: 'E2E spring menu' });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(90);
    const portrait = await shown.boundingBox();
    await preview.getByText('Landscape').click();
    await expect(preview.getByRole('figure')).toHaveAccessibleName('As the kiosk shows it: Landscape');
    const landscape = await shown.boundingBox();
    expect(portrait!.height > portrait!.width && landscape!.width > landscape!.height).toBe(true);

    // The customer display's page is the same page with its own texts and preview.
    await page
      .getByRole('navigation', { name: 'Bottom menu' })
      .getByRole('link', { name: 'Customer display banners' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer display banners' })).toBeVisible();
    await page.getByRole('complementary', { name: 'Preview' }).getByText('During a sale').click();
    await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText('Your order');
  });

  test('360 px wide: terminals, printers and banners fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'owner@bluedoor.test');
    const found: string[] = [];
    for (const path of ['/terminal', '/remoteprint', '/customer_display_banner', '/terminal_log']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      // Nothing wider than the screen but the tables' own scrollers.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      found.push(...(await axe(page, `360 px ${path}`)));
    }
    expect(found).toEqual([]);
  });
});
