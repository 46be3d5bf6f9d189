import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { showFirstSteps, type FirstSteps } from '@hive/shared/schemas/backoffice/firstSteps';
import { DEMO_COMPANIES, DEMO_USERS } from '../src/demo/personas';
import { api, db, signedIn } from './admin-helpers';
import {
  Client,
  databaseTargets,
  errorParam,
  mailedToken,
  startTestServer,
  type Json,
  type TestServer,
} from './helpers';

/*
 * A new business's first hour (issue 43, items 6 and 7): sign-up asks the country and proposes the
 * currency, zone and tax mode; the first location takes the zone and a name in the company's
 * language; the storefront follows the location's zone; the overview's first steps are ticked from
 * the company's data, and hidden for the company once dismissed.
 */

const B = '/api/backoffice';
const PASSWORD = 'first-hour-2026';

async function signUp(server: TestServer, body: Record<string, unknown>): Promise<{ status: number; body: Json }> {
  const { response, body: answer } = await new Client(server.url).post('/api/auth/signup', {
    password: PASSWORD,
    license: 'Restaurant',
    ...body,
  });
  return { status: response.status, body: answer };
}

/** Signs up, opens the e-mailed link and signs in. */
async function newCompany(server: TestServer, body: Record<string, unknown>): Promise<Client> {
  const email = body.email as string;
  assert.equal((await signUp(server, body)).status, 202);
  const client = new Client(server.url);
  const activated = await client.post('/api/auth/signup/activate', { token: await mailedToken(server, email) });
  assert.equal(activated.response.status, 200);
  return signInAs(server, email);
}

async function signInAs(server: TestServer, email: string): Promise<Client> {
  const client = new Client(server.url);
  const { body } = await client.signIn(email, PASSWORD);
  assert.equal(errorParam(body.url), null, `${email} signs in`);
  return client;
}

async function settingsOf(server: TestServer, email: string) {
  const user = await db(server)
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const companyId = user.company_id!;
  const profile = await db(server)
    .selectFrom('company_profiles')
    .select(['country', 'currency', 'timezone', 'tax_mode'])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const locations = await db(server)
    .selectFrom('locations')
    .select(['name', 'timezone', 'country'])
    .where('company_id', '=', companyId)
    .execute();
  return { companyId, profile, locations };
}

for (const target of databaseTargets()) {
  describe(`first hour [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target, { seedDemoSales: true });
    });
    after(async () => {
      await server?.close();
    });

    describe('sign-up with a country', () => {
      it('Spain: EUR, Europe/Madrid, tax included; "Local principal" in Madrid; new tax rates start included', async () => {
        const client = await newCompany(server, {
          company: 'Café Sol',
          email: 'sol@cafe-es.test',
          language: 'es',
          country: 'ES',
          currency: 'EUR',
          timezone: 'Europe/Madrid',
          taxMode: 'included',
        });
        const { profile, locations } = await settingsOf(server, 'sol@cafe-es.test');
        assert.deepEqual(profile, { country: 'ES', currency: 'EUR', timezone: 'Europe/Madrid', tax_mode: 'included' });
        assert.deepEqual(locations, [{ name: 'Local principal', timezone: 'Europe/Madrid', country: 'ES' }]);
        const company = await api(client, 'GET', `${B}/company`);
        assert.equal(company.body.currency, 'EUR');
        assert.equal(company.body.timezone, 'Europe/Madrid');
        assert.equal(company.body.taxMode, 'included');
      });

      it('United States: USD, a US zone, tax added; "Main location" in English', async () => {
        await newCompany(server, {
          company: 'Sun Diner',
          email: 'owner@sundiner.test',
          language: 'en',
          country: 'US',
          currency: 'USD',
          timezone: 'America/Chicago',
          taxMode: 'added',
        });
        const { profile, locations } = await settingsOf(server, 'owner@sundiner.test');
        assert.deepEqual(profile, { country: 'US', currency: 'USD', timezone: 'America/Chicago', tax_mode: 'added' });
        assert.deepEqual(locations, [{ name: 'Main location', timezone: 'America/Chicago', country: 'US' }]);
      });

      it('what the form changed is kept; what it left out comes from the country', async () => {
        await newCompany(server, {
          company: 'Canary Bar',
          email: 'bar@canarias.test',
          language: 'es',
          country: 'es',
          timezone: 'Atlantic/Canary',
        });
        const { profile, locations } = await settingsOf(server, 'bar@canarias.test');
        assert.deepEqual(profile, {
          country: 'ES',
          currency: 'EUR',
          timezone: 'Atlantic/Canary',
          tax_mode: 'included',
        });
        assert.equal(locations[0]!.timezone, 'Atlantic/Canary');
      });

      it('answers 400 naming the field for a bad country, currency, zone or tax mode, and creates nothing', async () => {
        const base = { company: 'Bad Input', email: 'bad@input.test', language: 'en', country: 'US' };
        for (const [field, value] of [
          ['country', 'XX'],
          ['country', 42],
          ['currency', 'JPY'],
          ['currency', 'EURO'],
          ['timezone', 'Mars/Olympus'],
          ['timezone', 'UTC; drop table'],
          ['taxMode', 'both'],
        ] as const) {
          const answer = await signUp(server, { ...base, [field]: value });
          assert.equal(answer.status, 400, `${field}=${String(value)}`);
          assert.ok(answer.body.fields?.[field], `${field} is named: ${JSON.stringify(answer.body)}`);
        }
        const user = await db(server)
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'bad@input.test')
          .executeTakeFirst();
        assert.equal(user, undefined);
      });
    });

    describe('the storefront zone', () => {
      it('follows the location’s until the merchant sets another', async () => {
        const client = await newCompany(server, {
          company: 'Bistro Luna',
          email: 'luna@bistro.test',
          language: 'es',
          country: 'ES',
        });
        const read = async () => (await api(client, 'GET', `${B}/ordering/settings`)).body.settings;
        const first = await read();
        assert.equal(first.timezone, 'Europe/Madrid', 'before it is saved');

        // Saved as shown: still the location's, so a move of the location reaches it.
        assert.equal(
          (await api(client, 'PUT', `${B}/ordering/settings`, { ...first, slug: 'bistro-luna' })).status,
          200,
        );
        const { companyId } = await settingsOf(server, 'luna@bistro.test');
        await db(server)
          .updateTable('locations')
          .set({ timezone: 'Atlantic/Canary' })
          .where('company_id', '=', companyId)
          .execute();
        assert.equal((await read()).timezone, 'Atlantic/Canary');
        // The customers' storefront reads the same zone (its opening hours are in it).
        const store = await api(new Client(server.url), 'GET', '/ordering_master/stores/bistro-luna');
        assert.equal(store.status, 200);
        assert.equal(store.body.timezone, 'Atlantic/Canary');

        // Another zone is the storefront's own.
        const own = { ...(await read()), timezone: 'Europe/Lisbon' };
        assert.equal((await api(client, 'PUT', `${B}/ordering/settings`, own)).status, 200);
        await db(server)
          .updateTable('locations')
          .set({ timezone: 'Europe/Madrid' })
          .where('company_id', '=', companyId)
          .execute();
        assert.equal((await read()).timezone, 'Europe/Lisbon');
      });
    });

    describe('first steps', () => {
      it('a new company sees every step undone, each linking to its page; the plan decides register and storefront', async () => {
        const client = await newCompany(server, {
          company: 'Steps Cafe',
          email: 'owner@steps.test',
          language: 'en',
          country: 'US',
        });
        const answer = await api(client, 'GET', `${B}/first_steps`);
        assert.equal(answer.status, 200);
        const state = answer.body as FirstSteps;
        assert.deepEqual(
          state.steps.map((s) => [s.key, s.path, s.done]),
          [
            ['business', '/generalinfo', false],
            ['tax', '/taxes', false],
            ['items', '/items', false],
            ['register', '/terminal', false],
            ['sale', '/transaction', false],
            ['storefront', '/ordering_online', false],
          ],
        );
        assert.equal(showFirstSteps(state), true);
        assert.equal(state.canDismiss, true);

        // Ticked from the company's data.
        const { companyId } = await settingsOf(server, 'owner@steps.test');
        const now = Date.now();
        await db(server)
          .updateTable('company_profiles')
          .set({ address_line1: '1 Main St' })
          .where('company_id', '=', companyId)
          .execute();
        await db(server)
          .insertInto('tax_rates')
          .values({
            company_id: companyId,
            name: 'Sales tax',
            rate_bp: 800,
            type: 'added',
            applies_to_new_items: 1,
            archived_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await db(server)
          .insertInto('items')
          .values({
            company_id: companyId,
            category_id: null,
            name: 'Latte',
            sku: '',
            price_cents: 450,
            cost_cents: 0,
            track_stock: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const ticked = (await api(client, 'GET', `${B}/first_steps`)).body as FirstSteps;
        assert.deepEqual(
          ticked.steps.filter((s) => s.done).map((s) => s.key),
          ['business', 'tax', 'items'],
        );
      });

      it('another company’s data ticks nothing', async () => {
        const client = await newCompany(server, { company: 'Other Cafe', email: 'owner@other.test', country: 'US' });
        const state = (await api(client, 'GET', `${B}/first_steps`)).body as FirstSteps;
        assert.ok(state.steps.every((s) => !s.done));
      });

      it('an invoicing business has no register step; its first sale is an invoice', async () => {
        const client = await newCompany(server, {
          company: 'Consult Co',
          email: 'owner@consult.test',
          license: 'Invoice',
          country: 'US',
        });
        const state = (await api(client, 'GET', `${B}/first_steps`)).body as FirstSteps;
        assert.deepEqual(
          state.steps.map((s) => [s.key, s.path]),
          [
            ['business', '/generalinfo'],
            ['tax', '/taxes'],
            ['items', '/items'],
            ['sale', '/invoice'],
          ],
        );
      });

      it('dismissed by the admin, it stays hidden for the company on every device', async () => {
        const owner = await newCompany(server, { company: 'Hide Cafe', email: 'owner@hide.test', country: 'US' });
        assert.equal((await api(owner, 'PUT', `${B}/first_steps`, {})).status, 400, 'says what it does');
        const dismissed = await api(owner, 'PUT', `${B}/first_steps`, { dismissed: true });
        assert.equal(dismissed.status, 200);
        assert.equal(dismissed.body.dismissed, true);
        const elsewhere = await signInAs(server, 'owner@hide.test');
        const state = (await api(elsewhere, 'GET', `${B}/first_steps`)).body as FirstSteps;
        assert.equal(state.dismissed, true);
        assert.equal(showFirstSteps(state), false);
      });

      it('a user without the admin or manager role may read it but not dismiss it', async () => {
        const clerk = await signedIn(server, 'clerk@cornermarket.test');
        const read = await api(clerk, 'GET', `${B}/first_steps`);
        assert.equal(read.status, 200);
        assert.equal(read.body.canDismiss, false);
        assert.equal((await api(clerk, 'PUT', `${B}/first_steps`, { dismissed: true })).status, 403);
        const companyId = (
          await db(server)
            .selectFrom('companies')
            .select('id')
            .where('slug', '=', 'corner-market')
            .executeTakeFirstOrThrow()
        ).id;
        const row = await db(server)
          .selectFrom('company_first_steps')
          .select('company_id')
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        assert.equal(row, undefined);
      });

      it('the demo companies have every step done, so none shows it', async () => {
        for (const company of DEMO_COMPANIES) {
          const admin = DEMO_USERS.find((u) => u.company === company.slug && u.role === 'admin')!;
          const client = await signedIn(server, admin.email);
          const state = (await api(client, 'GET', `${B}/first_steps`)).body as FirstSteps;
          assert.deepEqual(
            state.steps.filter((s) => !s.done).map((s) => s.key),
            [],
            `${company.slug} has everything done`,
          );
          assert.equal(state.dismissed, false);
        }
      });
    });
  });
}
