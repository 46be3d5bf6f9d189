import { expect, test } from '@playwright/test';
import pg from 'pg';
import { Client, DEMO_PASSWORD, cluster } from './helpers';

/*
 * Both instances run the recurring invoices job (every second here). Each due period must become
 * exactly one invoice: the (template, date) claim in PostgreSQL decides, not which instance is first.
 * To make them meet, both processes are paused (SIGSTOP) while the templates fall due and resumed
 * together: each wakes to an overdue timer and runs the job over the same templates at once.
 */

const TEMPLATES = 6;

const isoDay = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

test('the recurring invoices job creates each due invoice once while both instances run it', async () => {
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const owner = await Client.create('198.51.100.30');
  let paused = false;
  try {
    expect(await owner.signIn(cluster.proxy, 'owner@atlas.test', DEMO_PASSWORD)).toMatchObject({ code: null });
    const company = await db.query<{ id: number; timezone: string; customer: number }>(
      `select c.id, p.timezone, (select min(id) from customers where company_id = c.id) as customer
         from companies c join company_profiles p on p.company_id = c.id where c.slug = 'atlas-consulting'`,
    );
    const { timezone, customer } = company.rows[0]!;
    const today = isoDay(new Date(), timezone);
    const tomorrow = isoDay(new Date(Date.now() + 86_400_000), timezone);
    const tag = `scale-out ${Date.now()}`;

    // Templates that start tomorrow: not due yet, whichever instance looks.
    const ids: number[] = [];
    for (let k = 0; k < TEMPLATES; k += 1) {
      const made = await owner.post(`${cluster.proxy}/api/backoffice/recurring_invoices`, {
        customerId: Number(customer),
        frequency: 'monthly',
        interval: 1,
        startDate: tomorrow,
        endDate: null,
        dueDays: 14,
        autoSend: false,
        lines: [
          {
            itemId: null,
            description: 'Retainer',
            quantityHundredths: 100,
            unitPriceCents: 10_000 + k,
            discountCents: 0,
            taxRateIds: [],
          },
        ],
        discountCents: 0,
        notes: `${tag} #${k}`,
      });
      expect(made.status(), await made.text()).toBe(201);
      ids.push(((await made.json()) as { id: number }).id);
    }

    // Both instances asleep; the templates fall due; both wake at once.
    process.kill(cluster.pids.a, 'SIGSTOP');
    process.kill(cluster.pids.b, 'SIGSTOP');
    paused = true;
    await db.query('update recurring_invoices set start_date = $1 where id = any($2)', [today, ids]);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // past both instances' next tick
    process.kill(cluster.pids.a, 'SIGCONT');
    process.kill(cluster.pids.b, 'SIGCONT');
    paused = false;

    const claimed = async () =>
      Number((await db.query('select count(*) as n from recurring_runs where template_id = any($1)', [ids])).rows[0].n);
    await expect.poll(claimed, { timeout: 20_000 }).toBe(TEMPLATES);
    // A few more ticks of both: nothing more is created.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const invoices = await db.query<{ notes: string; n: string }>(
      `select notes, count(*) as n from invoices where notes like $1 group by notes order by notes`,
      [`${tag} #%`],
    );
    expect(invoices.rows.map((r) => [r.notes, Number(r.n)])).toEqual(ids.map((_, k) => [`${tag} #${k}`, 1]));
    expect(await claimed()).toBe(TEMPLATES);
  } finally {
    if (paused) {
      process.kill(cluster.pids.a, 'SIGCONT');
      process.kill(cluster.pids.b, 'SIGCONT');
    }
    await owner.dispose();
    await db.end();
  }
});
