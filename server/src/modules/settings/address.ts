import type { Address } from '@hive/shared/schemas/backoffice/settings';

/** The address columns business information and locations share, and their API shape. */
export interface AddressColumns {
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
}

export const ADDRESS_COLUMNS = [
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
] as const satisfies readonly (keyof AddressColumns)[];

export const addressOf = (row: AddressColumns): Address => ({
  line1: row.address_line1,
  line2: row.address_line2,
  city: row.city,
  region: row.region,
  postalCode: row.postal_code,
  country: row.country,
});

export const addressColumns = (address: Address): AddressColumns => ({
  address_line1: address.line1,
  address_line2: address.line2,
  city: address.city,
  region: address.region,
  postal_code: address.postalCode,
  country: address.country,
});
