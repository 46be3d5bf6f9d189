import { useMemo } from 'react';
import type { Address } from '@hive/shared/schemas/backoffice/settings';
import { useLanguage } from '../i18n';

/*
 * The top of a receipt under the business's name, one line each: the address, the phone, the tax
 * id and the header text's own lines. The receipt preview (Settings › General information) and the
 * receipt page (Reports › Transactions, and its reprint) both print it from here, so they match.
 */

export interface ReceiptBusiness {
  address: Address;
  phone: string;
  taxId: string;
  /** The receipt header as typed: several lines. */
  header: string;
}

export interface ReceiptHeaderLines {
  /** Address, phone and tax id. */
  contact: string[];
  /** The header text, a line per line typed (blank ones dropped). */
  header: string[];
}

export function receiptHeaderLines(
  business: ReceiptBusiness,
  words: { countryName: (code: string) => string; taxId: (taxId: string) => string },
): ReceiptHeaderLines {
  const { address } = business;
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  const contact = [
    address.line1,
    address.line2,
    place,
    address.country ? words.countryName(address.country) : '',
    business.phone,
    business.taxId ? words.taxId(business.taxId) : '',
  ];
  const clean = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);
  return { contact: clean(contact), header: clean(business.header.split(/\r?\n/)) };
}

/** The same, with countries named in the user's language. */
export function useReceiptHeaderLines(business: ReceiptBusiness, taxId: (taxId: string) => string) {
  const lng = useLanguage();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([lng], { type: 'region' });
    } catch {
      return null;
    }
  }, [lng]);
  return receiptHeaderLines(business, { countryName: (code) => names?.of(code) ?? code, taxId });
}
