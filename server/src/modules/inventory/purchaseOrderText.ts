import type { PurchaseOrder } from '@hive/shared/schemas/backoffice/inventory';
import { mailFormats, mailLanguage, type MailLanguage, type MailTexts } from '../../platform/outbox';
import { companyLocale } from '../settings';
import type { Db } from './common';

/*
 * The purchase order as e-mailed to the vendor (and printed): in the company's language, since the
 * vendor is outside the product, with that language's money and dates. Quantities and costs are the
 * order's own (major units, as the page shows them).
 */

interface Words {
  title: (n: number, company: string) => string;
  deliverTo: string;
  expected: string;
  total: string;
}

const WORDS: Record<MailLanguage, Words> = {
  en: {
    title: (n, company) => `Purchase order #${n} from ${company}`,
    deliverTo: 'Deliver to',
    expected: 'Expected',
    total: 'Total',
  },
  es: {
    title: (n, company) => `Orden de compra n.º ${n} de ${company}`,
    deliverTo: 'Entregar en',
    expected: 'Fecha prevista',
    total: 'Total',
  },
};

function textsIn(language: MailLanguage) {
  const t = WORDS[language];
  return ({ order, company, currency }: { order: PurchaseOrder; company: string; currency: string }) => {
    const f = mailFormats(language, currency);
    const money = (major: number) => f.money(Math.round(major * 100));
    const lines = order.lines.map(
      (l) =>
        `${f.number(l.quantity, 3)} x ${l.itemName}${l.sku ? ` (${l.sku})` : ''} @ ${money(l.cost)} = ${money(l.total)}`,
    );
    const body = [
      t.title(order.number, company),
      `${t.deliverTo}: ${order.warehouseName}`,
      order.expectedAt ? `${t.expected}: ${f.dayOf(order.expectedAt, order.timezone)}` : '',
      '',
      ...lines,
      '',
      `${t.total}: ${money(order.total)}`,
      order.note ? `\n${order.note}` : '',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n');
    return { subject: t.title(order.number, company), body };
  };
}

export const PURCHASE_ORDER_MAIL: MailTexts<{ order: PurchaseOrder; company: string; currency: string }> = {
  en: textsIn('en'),
  es: textsIn('es'),
};

/** The order's mail (subject and text) in its company's language and currency. */
export async function purchaseOrderMail(
  db: Db,
  companyId: number,
  order: PurchaseOrder,
  company: string,
): Promise<{ subject: string; body: string }> {
  const [{ currency }, row] = await Promise.all([
    companyLocale(db, companyId),
    db.selectFrom('companies').select('language').where('id', '=', companyId).executeTakeFirst(),
  ]);
  return PURCHASE_ORDER_MAIL[mailLanguage(row?.language)]({ order, company, currency });
}
