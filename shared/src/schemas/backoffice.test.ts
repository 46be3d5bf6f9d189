import * as barrel from './backoffice';
import * as common from './backoffice/common';
import * as catalog from './backoffice/catalog';
import * as customers from './backoffice/customers';
import * as overview from './backoffice/overview';
import {
  createItemSchema,
  customerInputSchema,
  englishMessages,
  hasControlChars,
  itemInputSchema,
  itemListQuerySchema,
  type ValidationMessages,
} from './backoffice';

const item = {
  name: 'Tea',
  sku: 'TEA-1',
  categoryId: null,
  price: 2.5,
  cost: 1,
  taxIds: [3],
  trackStock: true,
  active: true,
};

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('back-office schemas (browser and server)', () => {
  it('accept a valid item and trim text', () => {
    expect(itemInputSchema.parse({ ...item, name: '  Tea  ' })).toEqual(item);
  });

  it('give one English message per bad field', () => {
    const result = itemInputSchema.safeParse({ ...item, name: ' ', sku: 'a b', price: -1, cost: 1.005, taxIds: [1, 1], categoryId: 0 });
    expect(fieldErrors(result)).toEqual({
      name: 'this field is required',
      sku: 'letters, digits and - _ . only',
      price: 'must be at least 0',
      cost: 'use at most 2 decimals',
      taxIds: 'choose one of the options',
      categoryId: 'choose one of the options',
    });
  });

  it('an empty number input (NaN) reads as required, a string as not a number', () => {
    expect(fieldErrors(itemInputSchema.safeParse({ ...item, price: Number.NaN }))).toEqual({ price: 'this field is required' });
    expect(fieldErrors(itemInputSchema.safeParse({ ...item, price: '2' }))).toEqual({ price: 'enter a number' });
  });

  it('the same rules speak the language they are given', () => {
    const spanish: ValidationMessages = (key, values) => `es:${key}${values ? JSON.stringify(values) : ''}`;
    const result = createItemSchema(spanish).safeParse({ ...item, name: '', taxIds: [1, 2, 3, 4, 5, 6] });
    expect(fieldErrors(result)).toEqual({ name: 'es:required', taxIds: 'es:tooMany{"max":5}' });
  });

  it('customers: optional e-mail and phone, notes may have line breaks but no other control characters', () => {
    const customer = { name: 'Ana', email: '', phone: '', notes: 'a\nb', points: 0 };
    expect(customerInputSchema.safeParse(customer).success).toBe(true);
    expect(fieldErrors(customerInputSchema.safeParse({ ...customer, email: 'x@', phone: '---', name: 'A\u0007' }))).toEqual({
      name: 'must not contain control characters',
      email: 'enter a valid e-mail address, like name@example.com',
      phone: 'enter a phone number: digits, spaces and + ( ) - only',
    });
  });

  it('list queries: defaults, coercion from the query string, and limits', () => {
    expect(itemListQuerySchema.parse({})).toEqual({ search: '', sort: 'name', dir: 'asc', page: 1, pageSize: 20 });
    expect(itemListQuerySchema.parse({ page: '3', pageSize: '50', sort: 'price', dir: 'desc', search: ' milk ' })).toEqual({
      search: 'milk',
      sort: 'price',
      dir: 'desc',
      page: 3,
      pageSize: 50,
    });
    for (const bad of [{ page: '0' }, { pageSize: '101' }, { sort: 'nope' }, { page: ['1', '2'] }, { search: ['a'] }]) {
      expect(itemListQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('englishMessages fills placeholders; hasControlChars spots lone surrogates', () => {
    expect(englishMessages('tooLong', { max: 5 })).toBe('must be at most 5 characters');
    expect(hasControlChars('ok 😀')).toBe(false);
    expect(hasControlChars('\ud800')).toBe(true);
    expect(hasControlChars('a\nb')).toBe(true);
    expect(hasControlChars('a\nb', true)).toBe(false);
  });
});

describe('the old import path', () => {
  it('re-exports every value of the first areas (a name left out would be missing on the server)', () => {
    for (const area of [common, catalog, customers, overview]) {
      for (const name of Object.keys(area)) expect([name, name in barrel]).toEqual([name, true]);
    }
  });
});
