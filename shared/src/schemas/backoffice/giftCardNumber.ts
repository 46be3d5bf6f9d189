/**
 * Gift card numbers: 16 digits, the last a Luhn check digit (a mistyped digit is caught at once,
 * before any lookup). The other 15 come from a cryptographic random source on the server, so a
 * number cannot be worked out from another; lookups that find no card are rate-limited on top.
 * Dependency-free: the storefront bundles it.
 */

export const GIFT_CARD_DIGITS = 16;

/** The Luhn check digit of `body` (digits only). */
export function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The number as typed ("6012 3456-7890 1234") -> 16 digits, or null when it cannot be a card. */
export function normalizeGiftCardNumber(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) return null;
  return luhnDigit(digits.slice(0, 15)) === Number(digits[15]) ? digits : null;
}

/** "6012 3456 7890 1234". */
export const formatGiftCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "•••• 1234": how a card is shown everywhere after it was issued. */
export const maskGiftCardNumber = (last4: string) => `•••• ${last4}`;
