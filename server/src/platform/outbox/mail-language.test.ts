import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../app';
import { api, companyId, db, signedIn } from '../../../test/admin-helpers';
import { Client, DEMO_PASSWORD, databaseTargets, outbox, startTestServer, type TestServer } from '../../../test/helpers';
import { PO, orderedPurchaseOrders } from '../../../test/mail-helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';

/*
 * Issue 43 item 9: every e-mail in its recipient's language (the user's stored one for account
 * mail, the company's for invoices and purchase orders sent outside), with that language's money
 * and dates, and every link absolute on PUBLIC_URL. Delivered through a real SMTP server
 * (test/smtp-sink.ts), so what is checked is what a mailbox receives. Also: the activation mail
 * says what sign-up really did (the company exists, nobody can sign in until the link is opened).
 */

const PUBLIC_URL = 'https://pos.example.test';
const NBSP = '\u00a0';

type Kind = 'reset' | 'activation' | 'existing account' | 'invitation' | 'invoice' | 'purchase order';

/** Every http(s) link of a text; and whether anything else in it looks like a site-relative link. */
function linksOf(text: string): { absolute: string[]; relative: string[] } {
  const absolute = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  const rest = text.replace(/https?:\/\/\S+/g, ' ');
  const relative = [...rest.matchAll(/(?:^|[\s(:])(\/[A-Za-z][\w/-]*(?:\?\S*)?)/gm)].map((m) => m[1]!);
  return { absolute, relative };
}

for (const target of databaseTargets()) {
  describe(`e-mails in the recipient's language, links on PUBLIC_URL [${target.name}]`, () => {
    let sink: SmtpSink;
    let server: TestServer;
    let delivery: NonNullable<RunningServer['mailDelivery']>;
    const seen: { kind: Kind; mail: ReceivedMail }[] = [];

    /** Delivers what is due and returns the messages that arrived, each noted under `kind`. */
    const deliver = async (kind: Kind): Promise<ReceivedMail[]> => {
      sink.received.length = 0;
      await delivery.runOnce();
      const arrived = [...sink.received];
      for (const mail of arrived) seen.push({ kind, mail });
      return arrived;
    };
    const only = async (kind: Kind, to: string): Promise<ReceivedMail> => {
      const arrived = await deliver(kind);
      assert.deepEqual(
        arrived.map((m) => m.to),
        [[to]],
        `one ${kind} mail to ${to}: ${JSON.stringify(arrived.map((m) => m.subject))}`,
      );
      return arrived[0]!;
    };
    const linkIn = (mail: ReceivedMail, path: string) => {
      const link = linksOf(mail.text).absolute.find((l) => new URL(l).pathname === path);
      assert.ok(link, `a ${path} link in:\n${mail.text}`);
      return new URL(link);
    };
    const setCompany = async (slug: string, language: string, currency: string) => {
      const id = await companyId(server, slug);
      await db(server).updateTable('companies').set({ language }).where('id', '=', id).execute();
      await db(server).updateTable('company_profiles').set({ currency }).where('company_id', '=', id).execute();
      return id;
    };

    before(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(target, { smtpUrl: sink.url, publicUrl: PUBLIC_URL, mailDeliveryMs: 0 });
      delivery = server.running.mailDelivery!;
      await delivery.runOnce(); // whatever the seed wrote
    });
    after(async () => {
      await server?.close();
      await sink?.close();
    });

    it("a reset mail is in the user's stored language: Spanish for a Spanish user, English for an English one", async () => {
      const client = new Client(server.url);
      assert.equal(
        (await client.post('/api/auth/resetpass', { email: 'lucia@cornermarket.test' })).response.status,
        200,
      );
      const spanish = await only('reset', 'lucia@cornermarket.test');
      assert.equal(spanish.subject, 'Restablece tu contraseña de Hive POS');
      assert.match(spanish.text, /^Alguien ha pedido restablecer la contraseña de la cuenta de Hive POS de lucia@/);
      assert.match(spanish.text, /Abre este enlace en los próximos 30 minutos para elegir una contraseña nueva:/);
      assert.match(spanish.text, /Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia\./);
      assert.equal(linkIn(spanish, '/authentication/resetpass').origin, PUBLIC_URL);

      assert.equal(
        (await client.post('/api/auth/resetpass', { email: 'owner@cornermarket.test' })).response.status,
        200,
      );
      const english = await only('reset', 'owner@cornermarket.test');
      assert.equal(english.subject, 'Reset your Hive POS password');
      assert.match(english.text, /Open this link within 30 minutes to choose a new password:/);
      assert.equal(linkIn(english, '/authentication/resetpass').origin, PUBLIC_URL);

      // The language is the user's, not the company's: switching it (the language menu) switches the mail.
      const manager = await signedIn(server, 'manager@cornermarket.test');
      assert.equal((await manager.post('/api/auth/langchange', { lang: 'es' })).response.status, 200);
      assert.equal(
        (await client.post('/api/auth/resetpass', { email: 'manager@cornermarket.test' })).response.status,
        200,
      );
      assert.equal((await only('reset', 'manager@cornermarket.test')).subject, 'Restablece tu contraseña de Hive POS');
    });

    it('the activation mail says what sign-up did, in the language of the form, and that is what happens', async () => {
      const email = 'ana@cafesol.test';
      const password = 'sol-de-tarde-2026';
      const client = new Client(server.url);
      const signUp = (company: string) =>
        client.post('/api/auth/signup', { company, email, password, license: 'restaurant', language: 'es' });
      assert.equal((await signUp('Café Sol')).response.status, 202);
      const first = await only('activation', email);
      assert.equal(first.subject, 'Activa tu cuenta de Hive POS');
      assert.match(
        first.text,
        /La cuenta de ana@cafesol\.test y la empresa Café Sol ya están creadas, pero nadie puede iniciar sesión hasta que se confirme esta dirección\./,
      );
      assert.match(first.text, /Abre este enlace en las próximas 24 horas/);
      assert.match(
        first.text,
        /la cuenta sigue inactiva y, si alguien vuelve a registrarse con esta dirección, se sustituye/,
      );
      assert.doesNotMatch(first.text, /nada se crea|nothing is created/i);
      assert.equal(linkIn(first, '/authentication/activate').origin, PUBLIC_URL);

      // What the text says: the company and its owner exist now, and nobody can sign in yet ...
      const made = await db(server)
        .selectFrom('companies')
        .innerJoin('users', 'users.company_id', 'companies.id')
        .select(['companies.name', 'companies.language', 'users.status'])
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      assert.deepEqual(made, { name: 'Café Sol', language: 'es', status: 'pending' });
      const early = await new Client(server.url).signIn(email, password);
      assert.equal(new URL(early.body.url).searchParams.get('code'), 'account_pending');
      // ... and a new sign-up with the address replaces it.
      assert.equal((await signUp('Café Sol y Sombra')).response.status, 202);
      const second = await only('activation', email);
      assert.match(second.text, /la empresa Café Sol y Sombra ya están creadas/);
      const names = (
        await db(server).selectFrom('companies').select('name').where('name', 'like', 'Café Sol%').execute()
      )
        .map((c) => c.name)
        .sort();
      assert.deepEqual(names, ['Café Sol y Sombra']);
      // Opening the link is what lets her in.
      const token = linkIn(second, '/authentication/activate').searchParams.get('token')!;
      assert.equal((await client.post('/api/auth/signup/activate', { token })).response.status, 200);
      const signedInNow = await new Client(server.url).signIn(email, password);
      assert.equal(new URL(signedInNow.body.url).searchParams.get('error'), null);

      // Signing up again with her address: the account's owner hears of it, in her language.
      assert.equal((await signUp('Otro Café')).response.status, 202);
      const notice = await only('existing account', email);
      assert.equal(notice.subject, 'Ya tienes una cuenta de Hive POS');
      assert.match(notice.text, /Si has sido tú, inicia sesión: https:\/\/pos\.example\.test\/authentication\/login$/m);
      assert.equal(linkIn(notice, '/authentication/resetpass').origin, PUBLIC_URL);

      // An English form: an English mail with the same promise.
      const english = new Client(server.url);
      assert.equal(
        (
          await english.post('/api/auth/signup', {
            company: 'Sunny Side Diner',
            email: 'sam@sunnyside.test',
            password: 'eggs-over-easy-2026',
            license: 'restaurant',
            language: 'en',
          })
        ).response.status,
        202,
      );
      const activation = await only('activation', 'sam@sunnyside.test');
      assert.equal(activation.subject, 'Activate your Hive POS account');
      assert.match(
        activation.text,
        /The account for sam@sunnyside\.test and the company Sunny Side Diner are set up, but no one can sign in until this address is confirmed\./,
      );
      assert.equal(linkIn(activation, '/authentication/activate').origin, PUBLIC_URL);
    });

    it("an invitation to the back-office is in the new account's language (its company's), with the role in words", async () => {
      await setCompany('blue-door-bistro', 'es', 'EUR');
      const owner = await signedIn(server, 'owner@bluedoor.test');
      const created = await api(owner, 'POST', '/api/backoffice/team/employees', {
        name: 'Marta Ruiz',
        email: 'marta@bluedoor.test',
        phone: '',
        positionId: null,
        hourlyRateCents: null,
        role: 'user',
        allLocations: true,
        locationIds: [],
        active: true,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const invited = await api(owner, 'POST', `/api/backoffice/team/employees/${created.body.employee.id}/invite`, {
        role: 'manager',
      });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      const mail = await only('invitation', 'marta@bluedoor.test');
      assert.equal(mail.subject, 'Te han invitado a Blue Door Bistro en Hive POS');
      assert.match(mail.text, /te ha invitado al back-office de Hive POS de Blue Door Bistro, con el rol de gerente\./);
      assert.match(mail.text, /Abre este enlace en los próximos 7 días para elegir tu contraseña/);
      assert.equal(linkIn(mail, '/authentication/resetpass').origin, PUBLIC_URL);
    });

    it("an invoice mail is in its company's language, with that language's money and dates", async () => {
      const atlas = await setCompany('atlas-consulting', 'es', 'EUR');
      const owner = await signedIn(server, 'owner@atlas.test');
      const customer = await db(server)
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', atlas)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db(server)
        .updateTable('customers')
        .set({ email: 'cliente@example.com' })
        .where('id', '=', customer.id)
        .execute();
      const send = async () => {
        const made = await api(owner, 'POST', '/api/backoffice/customer_invoices', {
          customerId: customer.id,
          issueDate: '2026-11-01',
          dueDate: '2026-11-30',
          lines: [
            {
              itemId: null,
              description: 'Consultoría',
              quantityHundredths: 1250,
              unitPriceCents: 12_000,
              discountCents: 0,
              taxRateIds: [],
            },
          ],
          discountCents: 0,
          notes: '',
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const sent = await api(owner, 'POST', `/api/backoffice/customer_invoices/${made.body.id}/send`, {});
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        return sent.body.number as number;
      };
      const number = await send();
      const spanish = await only('invoice', 'cliente@example.com');
      assert.equal(spanish.subject, `Factura n.º ${number} de Atlas Consulting`);
      assert.match(spanish.text, /^Fecha: 1 de noviembre de 2026 {3}Vence: 30 de noviembre de 2026$/m);
      assert.ok(spanish.text.includes(`12,5 x Consultoría @ 120,00${NBSP}€ = 1500,00${NBSP}€`), spanish.text);
      assert.ok(spanish.text.includes(`Total: 1500,00${NBSP}€`), spanish.text);

      await setCompany('atlas-consulting', 'en', 'USD');
      const next = await send();
      const english = await only('invoice', 'cliente@example.com');
      assert.equal(english.subject, `Invoice #${next} from Atlas Consulting`);
      assert.match(english.text, /^Date: November 1, 2026 {3}Due: November 30, 2026$/m);
      assert.match(english.text, /^12\.5 x Consultoría @ \$120\.00 = \$1,500\.00$/m);
      assert.match(english.text, /^Total: \$1,500\.00$/m);
    });

    it("a purchase order mail is in its company's language, with that language's money", async () => {
      await setCompany('corner-market', 'es', 'EUR');
      const owner = await signedIn(server, 'owner@cornermarket.test');
      const { ids, vendorEmail } = await orderedPurchaseOrders(db(server), owner, 'corner-market', 1);
      const number = (await api(owner, 'GET', `${PO}/${ids[0]}`)).body.number as number;
      assert.equal((await api(owner, 'POST', `${PO}/${ids[0]}/email`, {})).status, 200);
      const mail = await only('purchase order', vendorEmail);
      assert.equal(mail.subject, `Orden de compra n.º ${number} de Corner Market`);
      assert.match(mail.text, /^Entregar en: /m);
      assert.match(mail.text, new RegExp(`^1 x .+ @ 1,00${NBSP}€ = 1,00${NBSP}€$`, 'm'));
      assert.match(mail.text, new RegExp(`^Total: 1,00${NBSP}€$`, 'm'));
      // The print view is the same text.
      const printed = await owner.request(`${PO}/${ids[0]}/print`);
      assert.equal((await printed.text()).trimEnd(), mail.text);
      await setCompany('corner-market', 'en', 'USD');
    });

    it('every link in every kind of mail starts with PUBLIC_URL; none is site-relative', () => {
      const kinds = new Set(seen.map((s) => s.kind));
      for (const kind of [
        'reset',
        'activation',
        'existing account',
        'invitation',
        'invoice',
        'purchase order',
      ] as const) {
        assert.ok(kinds.has(kind), `a ${kind} mail was checked`);
      }
      for (const { kind, mail } of seen) {
        const { absolute, relative } = linksOf(mail.text);
        assert.deepEqual(relative, [], `${kind}: no site-relative link:\n${mail.text}`);
        for (const link of absolute) assert.ok(link.startsWith(`${PUBLIC_URL}/`), `${kind}: ${link}`);
        if (kind !== 'invoice' && kind !== 'purchase order') {
          assert.ok(absolute.length > 0, `${kind} carries its link:\n${mail.text}`);
        }
      }
    });
  });

  describe(`without PUBLIC_URL, outside production [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('the links open this server on this machine (http://localhost and the port listened on)', async () => {
      const client = new Client(server.url);
      assert.match(server.url, /^http:\/\/localhost:\d+$/);
      assert.equal(
        (await client.post('/api/auth/resetpass', { email: 'owner@cornermarket.test' })).response.status,
        200,
      );
      const [mail] = await outbox(server, 'owner@cornermarket.test');
      assert.match(mail!.body, new RegExp(`^${server.url}/authentication/resetpass\\?token=[\\w-]{43}$`, 'm'));
      assert.deepEqual(linksOf(mail!.body).relative, []);
      // The demo password still signs in: nothing else changed.
      const signIn = await new Client(server.url).signIn('owner@cornermarket.test', DEMO_PASSWORD);
      assert.equal(new URL(signIn.body.url).searchParams.get('error'), null);
    });
  });
}
