import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { invoiceAmounts, invoiceFigures, type InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';
import { api, assertValidation, companyId, db, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Invoices (issue 21): amounts and taxes, the states (draft -> sent -> partial -> paid, void,
 * overdue shown past the due day), payments never above the balance, numbers given at sending
 * without gaps even when many are sent at once, the e-mail through the outbox, tenancy and the
 * licence rule.
 */

const I = '/api/backoffice/customer_invoices';

/**
 * The text a PDF shows, one line per text object: each content stream inflated, the strings of its
 * TJ/Tj operators decoded as WinAnsi (what the standard fonts use). Enough for the files pdfkit
 * writes with its standard fonts; not a general PDF reader.
 */
function pdfText(file: Buffer): string {
  const raw = file.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(file.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // not a Flate stream (a font, an image)
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      out.push(new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex')));
    }
  }
  return out.join('\n');
}

for (const target of databaseTargets()) {
  describe(`invoices [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@atlas.test (licence Invoice)
    let bistro: Client; // Restaurant, no Invoicing
    let customerId: number;
    let taxRate: { id: number; rateBp: number; type: string };

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const body = (extra: Record<string, unknown> = {}) => ({
      customerId,
      issueDate: '2026-11-01',
      dueDate: '2026-11-30',
      lines: [
        {
          itemId: null,
          description: 'Consulting',
          quantityHundredths: 150,
          unitPriceCents: 10_000,
          discountCents: 0,
          taxRateIds: [],
        },
        {
          itemId: null,
          description: 'Travel',
          quantityHundredths: 100,
          unitPriceCents: 3_333,
          discountCents: 333,
          taxRateIds: [],
        },
      ],
      discountCents: 0,
      notes: '',
      ...extra,
    });
    const draft = async (extra: Record<string, unknown> = {}) => {
      const made = await api(owner, 'POST', I, body(extra));
      ok(made, 201);
      return made.body as Json & { id: number };
    };
    const sent = async (extra: Record<string, unknown> = {}) => {
      const made = await draft(extra);
      const result = await api(owner, 'POST', `${I}/${made.id}/send`, {});
      ok(result);
      return result.body as Json & { id: number; number: number };
    };
    const pay = (id: number, amountCents: number) =>
      api(owner, 'POST', `${I}/${id}/payments`, { amountCents, paidOn: '2026-11-15', paymentTypeId: null, note: '' });

    before(async () => {
      server = await startTestServer(target);
      [owner, bistro] = await Promise.all(['owner@atlas.test', 'owner@bluedoor.test'].map((e) => signedIn(server, e)));
      const atlas = await companyId(server, 'atlas-consulting');
      const customer = await db(server)
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', atlas)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      customerId = customer.id;
      await db(server)
        .updateTable('customers')
        .set({ email: 'client@example.com' })
        .where('id', '=', customerId)
        .execute();
      const rate = await db(server)
        .selectFrom('tax_rates')
        .select(['id', 'rate_bp', 'type'])
        .where('company_id', '=', atlas)
        .where('archived_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      taxRate = { id: rate.id, rateBp: Number(rate.rate_bp), type: rate.type };
    });
    after(async () => {
      await server?.close();
    });

    it('computes lines (quantity in hundredths), discounts and taxes like a sale', async () => {
      const made = await draft({
        lines: [
          {
            itemId: null,
            description: 'Hours',
            quantityHundredths: 250,
            unitPriceCents: 8_000,
            discountCents: 0,
            taxRateIds: [taxRate.id],
          },
        ],
        discountCents: 1_000,
      });
      const expected = invoiceAmounts(
        [
          {
            quantityHundredths: 250,
            unitPriceCents: 8_000,
            discountCents: 0,
            taxes: [{ rateBp: taxRate.rateBp, type: taxRate.type as 'added' | 'included' }],
          },
        ],
        1_000,
      );
      assert.ok('amounts' in expected);
      assert.equal(made.subtotalCents, 20_000);
      assert.equal(made.totalCents, expected.amounts.totalCents);
      assert.equal(made.taxCents, expected.amounts.taxCents);
      assert.equal(made.lines[0].grossCents, 20_000);
      assert.equal(made.lines[0].totalDiscountCents, 1_000);
      assert.equal(made.taxes.length, 1);
      assert.equal(made.number, null);
      assert.equal(made.status, 'draft');
      // 1.5 x 100.00 + (33.33 - 3.33): no tax.
      const plain = await draft();
      assert.deepEqual([plain.subtotalCents, plain.taxCents, plain.totalCents], [18_333, 0, 18_000]);
    });

    it('refuses bad input with the field named', async () => {
      const post = (extra: Record<string, unknown>) => api(owner, 'POST', I, body(extra));
      assertValidation(await post({ customerId: 999_999 }), 'customerId');
      assertValidation(await post({ dueDate: '2026-10-01' }), 'dueDate');
      assertValidation(await post({ issueDate: '2026-13-01' }), 'issueDate');
      assertValidation(await post({ lines: [] }), 'lines');
      assertValidation(await post({ discountCents: 1_000_000 }), 'discountCents');
      assertValidation(
        await post({
          lines: [
            {
              itemId: null,
              description: '',
              quantityHundredths: 100,
              unitPriceCents: 1,
              discountCents: 0,
              taxRateIds: [],
            },
          ],
        }),
        'lines.0.description',
      );
      assertValidation(
        await post({
          lines: [
            {
              itemId: null,
              description: 'x',
              quantityHundredths: 100,
              unitPriceCents: 100,
              discountCents: 200,
              taxRateIds: [],
            },
          ],
        }),
        'lines.0.discountCents',
      );
    });

    it('draft -> sent (numbered, e-mailed) -> partial -> paid; each refused move is a 409', async () => {
      const made = await draft();
      const edited = await api(owner, 'PUT', `${I}/${made.id}`, body({ notes: 'Thank you' }));
      ok(edited);
      const before = await db(server).selectFrom('outbox').select('id').execute();
      const sentOne = await api(owner, 'POST', `${I}/${made.id}/send`, {});
      ok(sentOne);
      assert.equal(sentOne.body.status, 'sent');
      assert.ok(Number.isInteger(sentOne.body.number));
      assert.equal(sentOne.body.emailedTo, 'client@example.com');
      const mails = await db(server).selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
      assert.equal(mails.length, before.length + 1);
      assert.match(mails[0]!.subject, new RegExp(`Invoice #${sentOne.body.number}`));
      assert.match(mails[0]!.body, /Total: \$180\.00/);
      assert.equal((await api(owner, 'PUT', `${I}/${made.id}`, body())).status, 409);
      assert.equal((await api(owner, 'DELETE', `${I}/${made.id}`)).status, 409);
      assertValidation(await pay(made.id, 18_001), 'amountCents');
      ok(await pay(made.id, 8_000));
      const partial = (await api(owner, 'GET', `${I}/${made.id}`)).body;
      assert.deepEqual([partial.status, partial.paidCents, partial.balanceCents], ['partial', 8_000, 10_000]);
      const refusedVoid = await api(owner, 'POST', `${I}/${made.id}/void`, { reason: 'Mistake' });
      assert.equal(refusedVoid.status, 409);
      assert.equal(refusedVoid.body.error, 'has_payments');
      ok(await pay(made.id, 10_000));
      const paid = (await api(owner, 'GET', `${I}/${made.id}`)).body;
      assert.deepEqual([paid.status, paid.balanceCents, paid.payments.length], ['paid', 0, 2]);
      assert.equal((await pay(made.id, 1)).status, 409);
      assert.equal((await api(owner, 'POST', `${I}/${made.id}/send`, {})).status, 409);
    });

    it('a payment by bank transfer keeps its reference; the method and the reference are validated per field', async () => {
      const made = await sent();
      const payment = (extra: Record<string, unknown>) =>
        api(owner, 'POST', `${I}/${made.id}/payments`, {
          amountCents: 5_000,
          paidOn: '2026-11-15',
          paymentTypeId: null,
          note: '',
          ...extra,
        });
      assertValidation(await payment({ method: 'cheque' }), 'method');
      // A reference says which transfer: it means nothing on another method.
      assertValidation(await payment({ reference: 'NL-2026-0042' }), 'reference');
      assertValidation(await payment({ method: 'bank_transfer', reference: 'x'.repeat(61) }), 'reference');
      const cash = await db(server)
        .selectFrom('payment_types')
        .select('id')
        .where('company_id', '=', await companyId(server, 'atlas-consulting'))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      assertValidation(await payment({ method: 'bank_transfer', paymentTypeId: cash.id }), 'paymentTypeId');
      ok(await payment({ method: 'bank_transfer', reference: '  NL-2026-0042 ' }));
      ok(await payment({ paymentTypeId: cash.id }));
      const detail = (await api(owner, 'GET', `${I}/${made.id}`)).body;
      assert.deepEqual(
        detail.payments.map((p: Json) => [p.method, p.reference, p.paymentTypeName !== null]),
        [
          ['bank_transfer', 'NL-2026-0042', false],
          [null, '', true],
        ],
      );
      assert.deepEqual([detail.status, detail.paidCents], ['partial', 10_000]);
    });

    it('the page, the PDF and the e-mail show the same figures, and the e-mail lines add up to its subtotal', async () => {
      const made = await sent({
        lines: [
          {
            itemId: null,
            description: 'IT consulting',
            quantityHundredths: 1_250,
            unitPriceCents: 12_000,
            discountCents: 0,
            taxRateIds: [taxRate.id],
          },
          {
            itemId: null,
            description: 'Travel',
            quantityHundredths: 100,
            unitPriceCents: 3_333,
            discountCents: 333,
            taxRateIds: [taxRate.id],
          },
        ],
        discountCents: 2_000,
      });
      const detail = (await api(owner, 'GET', `${I}/${made.id}`)).body as unknown as InvoiceDetail;
      // The page, its printable view and the send preview render these (InvoiceDocument).
      const figures = invoiceFigures(detail);
      const usd = (cents: number) =>
        new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);
      assert.deepEqual(
        figures.lines.map((l) => l.amountCents),
        [150_000, 3_000],
      );
      assert.equal(figures.subtotalCents, 153_000);
      const taxes = figures.taxes.reduce((sum, tax) => sum + tax.taxCents, 0);
      assert.ok(taxes > 0);
      const added = figures.taxes.every((tax) => tax.type === 'added');
      assert.equal(figures.totalCents, figures.subtotalCents - figures.discountCents + (added ? taxes : 0));

      const mail = await db(server)
        .selectFrom('outbox')
        .select('body')
        .where('subject', 'like', `Invoice #${made.number} %`)
        .executeTakeFirstOrThrow();
      const amounts = [...mail.body.matchAll(/ = (\$[\d,.]+)$/gm)].map((m) => m[1]);
      assert.deepEqual(
        amounts,
        figures.lines.map((l) => usd(l.amountCents)),
        mail.body,
      );
      assert.match(mail.body, /^12\.5 x IT consulting @ \$120\.00 = \$1,500\.00$/m);
      const pdf = await pdfText(Buffer.from(await (await owner.request(`${I}/${made.id}/pdf`)).arrayBuffer()));
      for (const shown of [
        usd(figures.subtotalCents),
        `-${usd(figures.discountCents)}`,
        ...figures.taxes.map((tax) => usd(tax.taxCents)),
        usd(figures.totalCents),
        ...figures.lines.map((l) => usd(l.amountCents)),
      ]) {
        assert.ok(mail.body.includes(shown), `${shown} in the e-mail:\n${mail.body}`);
        assert.ok(pdf.includes(shown), `${shown} in the PDF:\n${pdf}`);
      }
      assert.match(mail.body, new RegExp(`^Subtotal: \\${usd(figures.subtotalCents)}$`, 'm'));
      assert.match(mail.body, new RegExp(`^Total: \\${usd(figures.totalCents)}$`, 'm'));
    });

    it("Download PDF: a PDF file with the printable view's figures, in English or Spanish; another language is a 400", async () => {
      const made = await sent({
        lines: [
          {
            itemId: null,
            description: 'Strategy workshop',
            quantityHundredths: 250,
            unitPriceCents: 8_000,
            discountCents: 500,
            taxRateIds: [taxRate.id],
          },
        ],
        notes: 'Pay by bank transfer, please.',
      });
      ok(
        await api(owner, 'POST', `${I}/${made.id}/payments`, {
          amountCents: 7_000,
          paidOn: '2026-11-15',
          paymentTypeId: null,
          method: 'bank_transfer',
          reference: 'NL-42',
          note: '',
        }),
      );
      const detail = (await api(owner, 'GET', `${I}/${made.id}`)).body;
      const download = async (query: string) => {
        const response = await owner.request(`${I}/${made.id}/pdf${query}`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/pdf');
        assert.match(response.headers.get('content-disposition') ?? '', new RegExp(`invoice-${made.number}\\.pdf`));
        const file = Buffer.from(await response.arrayBuffer());
        assert.equal(file.subarray(0, 5).toString(), '%PDF-');
        return pdfText(file);
      };
      const en = await download('');
      const usd = (cents: number) =>
        new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);
      for (const expected of [
        `Invoice #${made.number}`,
        'Strategy workshop',
        '2.5',
        usd(detail.lines[0].grossCents - detail.lines[0].discountCents),
        `Total\n${usd(detail.totalCents)}`,
        `Paid on 2026-11-15 (Bank transfer, ref. NL-42)\n-${usd(7_000)}`,
        `Balance due\n${usd(detail.balanceCents)}`,
        'Pay by bank transfer, please.',
      ]) {
        assert.ok(en.includes(expected), `${JSON.stringify(expected)} in the PDF's text:\n${en}`);
      }
      const es = await download('?lang=es');
      for (const expected of [
        `Factura n.º ${made.number}`,
        'Pagado el 2026-11-15 (Transferencia bancaria, ref. NL-42)',
      ]) {
        assert.ok(es.includes(expected), `${JSON.stringify(expected)} in the PDF's text:\n${es}`);
      }
      assertValidation(await api(owner, 'GET', `${I}/${made.id}/pdf?lang=fr`), 'lang');
      assert.equal((await api(bistro, 'GET', `${I}/${made.id}/pdf`)).status, 403);
    });

    it('a draft is deleted without using a number; void keeps the number; overdue past the due day', async () => {
      const first = await sent();
      const gone = await draft();
      ok(await api(owner, 'DELETE', `${I}/${gone.id}`), 204);
      const second = await sent();
      assert.equal(second.number, first.number + 1);
      const voided = await api(owner, 'POST', `${I}/${second.id}/void`, { reason: 'Sent twice' });
      ok(voided);
      assert.deepEqual([voided.body.status, voided.body.number, voided.body.balanceCents], ['void', second.number, 0]);
      const late = await sent({ issueDate: '2020-01-01', dueDate: '2020-01-31' });
      assert.equal(late.shownStatus, 'overdue');
      const overdue = await api(owner, 'GET', `${I}?status=overdue`);
      assert.ok(overdue.body.rows.some((r: Json) => r.id === late.id));
      assert.ok(overdue.body.rows.every((r: Json) => r.shownStatus === 'overdue'));
    });

    it('Send again keeps the number and mails the same invoice; the next one sent gets the next number', async () => {
      const first = await sent();
      const mailsBefore = await db(server).selectFrom('outbox').select('id').execute();
      const again = await api(owner, 'POST', `${I}/${first.id}/send`, {});
      ok(again);
      assert.deepEqual(
        [again.body.status, again.body.number, again.body.resent, again.body.emailedTo],
        ['sent', first.number, true, 'client@example.com'],
      );
      const mails = await db(server).selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
      assert.equal(mails.length, mailsBefore.length + 1);
      assert.match(mails[0]!.subject, new RegExp(`Invoice #${first.number} `));
      // Partly paid, it is still sent again under its number.
      ok(await pay(first.id, 1_000));
      const partial = await api(owner, 'POST', `${I}/${first.id}/send`, {});
      ok(partial);
      assert.deepEqual([partial.body.status, partial.body.number], ['partial', first.number]);
      const next = await sent();
      assert.equal(next.number, first.number + 1, 'sending again used no number');
      const stored = await db(server)
        .selectFrom('invoices')
        .select('number')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.number), first.number);
    });

    it('numbers have no gaps when many drafts are sent at once', async () => {
      const drafts = await Promise.all(Array.from({ length: 6 }, () => draft()));
      const results = await Promise.all(drafts.map((d) => api(owner, 'POST', `${I}/${d.id}/send`, {})));
      results.forEach((r) => ok(r));
      const numbers = results.map((r) => r.body.number as number).sort((a, b) => a - b);
      assert.equal(new Set(numbers).size, 6);
      assert.equal(numbers[5]! - numbers[0]!, 5);
      const all = (
        await db(server)
          .selectFrom('invoices')
          .select('number')
          .where('company_id', '=', await companyId(server, 'atlas-consulting'))
          .where('number', 'is not', null)
          .orderBy('number')
          .execute()
      ).map((r) => Number(r.number));
      all.forEach((n, i) => assert.equal(n, i + 1, `number ${i + 1} is missing`));
    });

    it("another company's invoice is not found; a company without Invoice or Invoicing gets 403", async () => {
      const made = await draft();
      const corner = await signedIn(server, 'owner@cornermarket.test');
      assert.equal((await api(corner, 'GET', `${I}/${made.id}`)).status, 403);
      assert.equal((await api(bistro, 'GET', I)).status, 403);
      const atlas = await api(owner, 'GET', `${I}/${made.id}`);
      ok(atlas);
    });
  });
}
