import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '@hive/shared/schemas/device';

/*
 * Pairing codes and device tokens. Both are random and shown once; the database keeps only their
 * SHA-256 (a fast hash is enough for secrets this long and random: nothing to brute-force offline
 * that is cheaper than guessing online, which the pairing limiter stops).
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 8 characters of a 32-letter alphabet: 40 bits, valid 10 minutes, one use. */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

/** `hdt_` + 256 random bits (base64url). The prefix makes a leaked token easy to recognise. */
export function newDeviceToken(): string {
  return `hdt_${randomBytes(32).toString('base64url')}`;
}

export const DEVICE_TOKEN = /^hdt_[A-Za-z0-9_-]{43}$/;
