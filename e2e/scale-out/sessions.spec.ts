import { expect, test } from '@playwright/test';
import { Client, DEMO_PASSWORD, alternates, cluster } from './helpers';

/*
 * Sessions, the per-address sign-in limit and the account lockout through nginx, whose round-robin
 * sends each request to the other instance: nothing of them may live in one instance's memory.
 */

test('sign-in, extend and sign-out hold whichever instance answers', async () => {
  const user = await Client.create('198.51.100.10');
  const { proxy, a, b } = cluster;
  const signedIn = await user.signIn(proxy, 'owner@cornermarket.test', DEMO_PASSWORD);
  expect(signedIn).toMatchObject({ status: 200, code: null });
  const first = await user.session(proxy);
  expect(first?.email).toBe('owner@cornermarket.test');
  // The CSRF token, the sign-in and the session read each went to the other instance than the call before.
  expect(alternates(user.answeredBy), user.answeredBy.join(' ')).toBe(true);
  // The session is the same on both, asked directly.
  expect((await user.session(a))?.email).toBe('owner@cornermarket.test');
  expect((await user.session(b))?.email).toBe('owner@cornermarket.test');

  // Extend through nginx (CSRF token from one instance, the extend on the other); the new expiry is
  // what both instances then read.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  user.answeredBy.length = 0;
  const extended = await user.extend(proxy);
  expect(extended.status()).toBe(200);
  expect(alternates(user.answeredBy), user.answeredBy.join(' ')).toBe(true);
  const after = [await user.session(a), await user.session(b)];
  for (const s of after) expect(Date.parse(s!.expires)).toBeGreaterThan(Date.parse(first!.expires));

  // Sign out through nginx; the cookie kept from before is refused by both instances.
  const kept = await user.cookieHeader();
  user.answeredBy.length = 0;
  const out = await user.signOut(proxy);
  expect(out.status()).toBe(200);
  expect(alternates(user.answeredBy), user.answeredBy.join(' ')).toBe(true);
  expect(await user.session(proxy)).toBeNull();
  for (const base of [a, b]) {
    const res = await fetch(`${base}/api/backoffice/company`, { headers: { cookie: kept } });
    expect(res.status, `${base} with the signed-out cookie`).toBe(401);
  }
  await user.dispose();
});

test('the account lockout counts failures on both instances as one', async () => {
  const email = 'clerk@cornermarket.test';
  const results: { status: number; code: string | null; by: string }[] = [];
  // Five wrong passwords (the lockout's limit), each from another address so that no per-address
  // limit plays a part, through nginx: the instances take turns.
  const guesser = await Client.create('203.0.113.20');
  const csrfToken = await guesser.csrf(cluster.proxy);
  for (let k = 0; k < 5; k += 1) {
    results.push(
      await guesser.signIn(cluster.proxy, email, `wrong-password-${k}`, { csrfToken, address: `203.0.113.${21 + k}` }),
    );
  }
  await guesser.dispose();
  expect(alternates(results.map((r) => r.by)), results.map((r) => r.by).join(' ')).toBe(true);
  expect(results.slice(0, 4).map((r) => r.code)).toEqual(Array(4).fill('credentials'));
  expect(results[4]!.code).toBe('account_locked');
  // The right password now meets the lock on either instance.
  for (const base of [cluster.a, cluster.b]) {
    const owner = await Client.create('203.0.113.40');
    const attempt = await owner.signIn(base, email, DEMO_PASSWORD);
    expect(attempt, base).toMatchObject({ status: 429, code: 'account_locked' });
    await owner.dispose();
  }
});

test('the per-address sign-in limit is one limit across both instances', async () => {
  // 20 failed sign-ins per address in 15 minutes (DEFAULT_RATE_LIMITS.signIn), each with an e-mail of
  // its own so that no account locks: ten land on each instance, and the limit is reached all the same.
  const address = '192.0.2.77';
  const client = await Client.create(address);
  const csrfToken = await client.csrf(cluster.proxy);
  const statuses: number[] = [];
  const by: string[] = [];
  for (let k = 0; k < 20; k += 1) {
    const r = await client.signIn(cluster.proxy, `nobody-${k}@scale.test`, 'wrong-password', { csrfToken });
    statuses.push(r.status);
    by.push(r.by);
  }
  expect(statuses).toEqual(Array(20).fill(200)); // refused with a redirect to the error, not yet limited
  expect(alternates(by), by.join(' ')).toBe(true); // ten on each instance
  // The 21st attempt from that address is refused on either instance, even with the right password.
  for (const base of [cluster.a, cluster.b]) {
    const r = await client.signIn(base, 'owner@bluedoor.test', DEMO_PASSWORD);
    expect(r.status, base).toBe(429);
  }
  // Another address is not limited.
  const other = await Client.create('192.0.2.78');
  expect(await other.signIn(cluster.proxy, 'owner@bluedoor.test', DEMO_PASSWORD)).toMatchObject({
    status: 200,
    code: null,
  });
  await Promise.all([client.dispose(), other.dispose()]);
});
