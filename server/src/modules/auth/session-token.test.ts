import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { encode } from '@auth/core/jwt';
import type { AuthContext } from './';
import { decodeSessionToken } from './session';

const SALT = 'authjs.session-token';
const context = (secret: string) => ({ secret }) as AuthContext;

describe('session token decoding (cached by token text)', () => {
  afterEach(() => mock.timers.reset());

  it('decodes an Auth.js token, again from the cache, until its JWT expiry (15 s tolerance)', async () => {
    const start = Date.UTC(2026, 10, 23, 9, 0, 0);
    mock.timers.enable({ apis: ['Date'], now: start });
    const ctx = context('a'.repeat(64));
    const token = await encode({ token: { sub: '7', sv: 1 }, secret: ctx.secret, salt: SALT, maxAge: 60 });

    assert.equal((await decodeSessionToken(ctx, token, SALT))?.sub, '7');
    mock.timers.setTime(start + 60_000 + 14_000);
    assert.equal((await decodeSessionToken(ctx, token, SALT))?.sub, '7', 'a hit within the tolerance');
    mock.timers.setTime(start + 60_000 + 16_000);
    assert.equal(await decodeSessionToken(ctx, token, SALT), null, 'a hit past exp + 15 s is refused');
  });

  it('refuses tampered tokens, another secret and another cookie name (salt)', async () => {
    const ctx = context('b'.repeat(64));
    const token = await encode({ token: { sub: '8' }, secret: ctx.secret, salt: SALT, maxAge: 60 });
    assert.equal((await decodeSessionToken(ctx, token, SALT))?.sub, '8');

    const parts = token.split('.');
    const cipher = parts[3]!;
    parts[3] = (cipher[0] === 'A' ? 'B' : 'A') + cipher.slice(1);
    assert.equal(await decodeSessionToken(ctx, parts.join('.'), SALT), null, 'tampered');
    assert.equal(await decodeSessionToken(context('c'.repeat(64)), token, SALT), null, 'another secret');
    assert.equal(await decodeSessionToken(ctx, token, `__Secure-${SALT}`), null, 'another cookie name');
    assert.equal(await decodeSessionToken(ctx, 'not-a-token', SALT), null, 'garbage');
  });
});
