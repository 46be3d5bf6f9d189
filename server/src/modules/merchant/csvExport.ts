import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { merchantOf } from './access';
import { csvDelimiterOf, sendCsv, toCsv, type CsvColumn } from './csv';

/*
 * The list exports (stock, customers, vendors, locations, discounts…): one vocabulary of column
 * headers, so the same data has the same header in every file ("Phone" in customers, vendors and
 * locations; "On hand" as in the items file), written in the language of the person exporting
 * (`?lang=en|es`, else their account's), and a file name dated in the business's time zone.
 */

export type CsvLanguage = 'en' | 'es';

/** The columns' keys (what the code names them) and their headers. */
const HEADERS = {
  name: { en: 'Name', es: 'Nombre' },
  item: { en: 'Item', es: 'Artículo' },
  items: { en: 'Items', es: 'Artículos' },
  item_count: { en: 'Items', es: 'Artículos' },
  sku: { en: 'SKU', es: 'SKU' },
  warehouse: { en: 'Warehouse', es: 'Almacén' },
  on_hand: { en: 'On hand', es: 'Existencias' },
  low_stock_at: { en: 'Low stock at', es: 'Stock bajo en' },
  average_cost: { en: 'Average cost', es: 'Coste medio' },
  value: { en: 'Value', es: 'Valor' },
  active: { en: 'Active', es: 'Activo' },
  phone: { en: 'Phone', es: 'Teléfono' },
  email: { en: 'Email', es: 'Correo electrónico' },
  contact: { en: 'Contact', es: 'Contacto' },
  address: { en: 'Address', es: 'Dirección' },
  address_line1: { en: 'Address line 1', es: 'Dirección (línea 1)' },
  address_line2: { en: 'Address line 2', es: 'Dirección (línea 2)' },
  city: { en: 'City', es: 'Ciudad' },
  region: { en: 'Region', es: 'Provincia o región' },
  postal_code: { en: 'Postal code', es: 'Código postal' },
  country: { en: 'Country', es: 'País' },
  time_zone: { en: 'Time zone', es: 'Zona horaria' },
  note: { en: 'Note', es: 'Nota' },
  notes: { en: 'Notes', es: 'Notas' },
  points: { en: 'Points', es: 'Puntos' },
  total_spent: { en: 'Total spent', es: 'Total gastado' },
  status: { en: 'Status', es: 'Estado' },
  percent: { en: 'Percent', es: 'Porcentaje' },
  amount: { en: 'Amount', es: 'Importe' },
  uses_30d: { en: 'Uses (30 days)', es: 'Usos (30 días)' },
  amount_30d: { en: 'Amount (30 days)', es: 'Importe (30 días)' },
  number: { en: 'Number', es: 'Número' },
  customer: { en: 'Customer', es: 'Cliente' },
  color: { en: 'Color', es: 'Color' },
  balance: { en: 'Balance', es: 'Saldo' },
  initial: { en: 'Initial balance', es: 'Saldo inicial' },
  units: { en: 'Units', es: 'Unidades' },
  type: { en: 'Type', es: 'Tipo' },
  kind: { en: 'Kind', es: 'Clase' },
  total: { en: 'Total', es: 'Total' },
  subtotal: { en: 'Subtotal', es: 'Subtotal' },
  tax: { en: 'Tax', es: 'Impuesto' },
  discount: { en: 'Discount', es: 'Descuento' },
  paid: { en: 'Paid', es: 'Pagado' },
  threshold: { en: 'Threshold', es: 'Umbral' },
  starts_on: { en: 'Starts on', es: 'Empieza el' },
  ends_on: { en: 'Ends on', es: 'Termina el' },
  start_time: { en: 'Start time', es: 'Hora de inicio' },
  end_time: { en: 'End time', es: 'Hora de fin' },
  days: { en: 'Days', es: 'Días' },
  stackable: { en: 'Stackable', es: 'Acumulable' },
  scope: { en: 'Applies to', es: 'Se aplica a' },
  restricted: { en: 'Restricted', es: 'Restringido' },
  priority: { en: 'Priority', es: 'Prioridad' },
  position: { en: 'Position', es: 'Posición' },
  location: { en: 'Location', es: 'Local' },
  last_used_at: { en: 'Last used', es: 'Último uso' },
  issued_at: { en: 'Issued', es: 'Emitida' },
  issue_date: { en: 'Issue date', es: 'Fecha de emisión' },
  due_date: { en: 'Due date', es: 'Fecha de vencimiento' },
  expires_on: { en: 'Expires on', es: 'Caduca el' },
  hourly_rate: { en: 'Hourly rate', es: 'Tarifa por hora' },
  buy_quantity: { en: 'Buy quantity', es: 'Cantidad comprada' },
  get_quantity: { en: 'Get quantity', es: 'Cantidad de regalo' },
  get_percent: { en: 'Get percent off', es: 'Porcentaje de descuento' },
  employees: { en: 'Employees', es: 'Empleados' },
  default: { en: 'Default', es: 'Predeterminado' },
} as const satisfies Record<string, Record<CsvLanguage, string>>;

export type CsvHeaderKey = keyof typeof HEADERS;

/** A column of a list export: its header named by key (the vocabulary above writes it). */
export interface ExportColumn<T> extends Omit<CsvColumn<T>, 'header'> {
  header: CsvHeaderKey;
}

export const csvHeader = (key: CsvHeaderKey, lang: CsvLanguage): string => HEADERS[key][lang];

/** `?lang=` when the request asks, else the language of the user's account. */
export function exportLanguage(asked: unknown, userLanguage: string | null | undefined): CsvLanguage {
  const language = typeof asked === 'string' && asked !== '' ? asked : userLanguage;
  return /^es\b/i.test(language ?? '') ? 'es' : 'en';
}

/**
 * Who is exporting, as a file needs it: the headers' language (`?lang=` when the page says it,
 * else the account's) and the business's time zone that dates the file.
 */
export async function exportSetting(
  db: Kysely<Database>,
  req: Request,
  res: Response,
): Promise<{ lang: CsvLanguage; timeZone: string }> {
  const { companyId, userId } = merchantOf(res);
  const [user, profile] = await Promise.all([
    db
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    db.selectFrom('company_profiles').select('timezone').where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return { lang: exportLanguage(req.query.lang, user?.language), timeZone: profile?.timezone ?? 'UTC' };
}

/**
 * Sends `rows` as `<name>-<date>.csv`: headers in the exporter's language, `?delimiter=` as asked,
 * dated in the business's time zone (a file exported at 8 pm in Chicago is not tomorrow's).
 */
export async function sendExport<T>(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  file: { name: string; now: number },
  columns: ExportColumn<T>[],
  rows: T[],
): Promise<void> {
  const { lang, timeZone } = await exportSetting(db, req, res);
  const body = toCsv(
    columns.map((c) => ({ ...c, header: csvHeader(c.header, lang) })),
    rows,
    csvDelimiterOf(req),
  );
  sendCsv(res, file.name, body, file.now, timeZone);
}
