import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { cluster } from './helpers';
import {
  createDeployToken,
  inParallel,
  remotesJson,
  startReleaseOrigin,
  TeamApi,
  within,
  type Folder,
  type MapAnswer,
  type Release,
  type ReleaseOrigin,
} from './releases';

/*
 * Releases without restarts (issue 44), on the scale-out run's two instances behind nginx: the
 * ordering remote's team ships from another origin with a deploy token, as docs/deploy.md ("How a
 * team ships a remote") tells it to. One switch is served by both instances within 1 s with no
 * restart; a 30 % canary is sticky per visitor across instances and reloads; a broken release is
 * rolled back by the server from what real page loads report (global-setup.ts starts the instances
 * with RELEASE_MIN_SESSIONS=10, so that takes ~20 page loads, not ~40).
 *
 * Serial: each step starts from the state the one before left (B active). The last step rolls B
 * back, leaving the hosted build active as the other scale-out specs expect.
 */
test.describe.configure({ mode: 'serial' });

const STORE = '/ordering/blue-door-bistro';
const HOSTED = '/remotes/ordering/mf-manifest.json';
/** Versions unique per attempt: a retry runs on the same database, where (remote, version) is unique. */
const run = Date.now().toString(36);

let origin: ReleaseOrigin;
let team: TeamApi;
let releaseB: Release;

/** A fresh visitor in a browser: its own context (cookies, cache) and client address. */
async function visitor(browser: Browser, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: cluster.proxy,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  return { context, page: await context.newPage() };
}

/** Which release folders of the release origin a page requested files from, and the hosted remote's files it asked for. */
function watchRemote(page: Page) {
  const folders = new Set<string>();
  const hosted: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin.url) folders.add(url.pathname.split('/')[1]!);
    else if (url.pathname.startsWith('/remotes/ordering/')) hosted.push(url.pathname);
  });
  return { folders: () => [...folders] as Folder[], hosted };
}

/** The store's menu (the remote loaded and rendered), or the area's fallback (it did not). */
const menu = (page: Page) => page.getByRole('heading', { name: 'Starters' });
const fallback = (page: Page) => page.getByRole('alert').filter({ hasText: /could not be loaded/i });

/** A storefront page load that must get release B: its files from /b/ on the other origin, the menu shown. */
async function expectStorefrontOnB(browser: Browser, address: string) {
  const { context, page } = await visitor(browser, address);
  const remote = watchRemote(page);
  await page.goto(STORE);
  await expect(menu(page)).toBeVisible({ timeout: 20_000 });
  expect(remote.folders()).toEqual(['b']);
  // Nothing of the hosted build either (the preload hints follow the visitor's release).
  expect(remote.hosted).toEqual([]);
  await context.close();
}

const orderingOn = async (visitorId: string | null): Promise<[MapAnswer, MapAnswer]> =>
  Promise.all([remotesJson(cluster.a, visitorId), remotesJson(cluster.b, visitorId)]);

/** `count` visitors (their `hive_visitor` ids) made before a canary starts, to see it reach both instances. */
const knownVisitors = (count: number) =>
  inParallel(
    Array.from({ length: count }, (_, k) => k),
    6,
    async () => (await remotesJson(cluster.proxy)).visitor!,
  );

/**
 * Within 1 s both instances give each known visitor the same release, and some of them the canary
 * (30 visitors at 30 %, or 20 at 50 %: all of them out by chance is under 1 in 10,000).
 */
const canaryOnBothWithin1s = (known: string[], canaryId: number) =>
  within(1_000, 'both instances serving the canary', async () => {
    const answers = await Promise.all(known.map(orderingOn));
    return (
      answers.every(([a, b]) => a.release?.id === b.release?.id) && answers.some(([a]) => a.release?.id === canaryId)
    );
  });

test.beforeAll(async () => {
  origin = await startReleaseOrigin();
  // The real command, on the run's database: what the team's CI keeps as a secret.
  const token = await createDeployToken(cluster.databaseUrl, 'ordering', 'ordering CI');
  expect(token).toMatch(/^\S{20,}$/);
  team = await TeamApi.create(cluster.proxy, token);
  // A retry on the same database: end what the failed attempt left (a canary; B active).
  for (const r of await team.list()) if (r.state === 'canary') await team.rollback(r.id);
  for (let k = 0; k < 5; k += 1) {
    const active = (await team.list()).find((r) => r.state === 'active');
    if (!active || active.manifestUrl === HOSTED) break;
    await team.rollback(active.id);
  }
});

test.afterAll(async () => {
  await team?.dispose();
  await origin?.close();
});

test('release B from another origin: registered and promoted with a deploy token, served by both instances within 1 s, loaded by a browser', async ({
  browser,
}) => {
  for (const answer of await orderingOn(null)) expect(answer.ordering).toBe(HOSTED);

  releaseB = await team.register(`B-${run}`, origin.manifest('b'), 'release B, on another origin');
  expect(releaseB).toMatchObject({ remote: 'ordering', state: 'registered', manifestUrl: origin.manifest('b') });
  expect(await team.promote(releaseB.id)).toMatchObject({ id: releaseB.id, state: 'active' });

  // Promoted through nginx (one instance); the other learns it over LISTEN/NOTIFY. No restart.
  const took = await within(1_000, 'both instances serving B', async () =>
    (await orderingOn(null)).every((m) => m.ordering === origin.manifest('b') && m.release?.id === releaseB.id),
  );
  test.info().annotations.push({ type: 'switch', description: `both instances served B ${took} ms after promote` });

  await expectStorefrontOnB(browser, '203.0.113.1');
});

test('a 30 % canary: 60 +- 20 of 200 fresh visitors, each the same on both instances and after a reload', async () => {
  const b2 = await team.register(`B2-${run}`, origin.manifest('b2'), 'release B2: the same build, another folder');
  const known = await knownVisitors(30);
  expect(await team.canary(b2.id, 30)).toMatchObject({ state: 'canary', canary: { percent: 30 } });
  await canaryOnBothWithin1s(known, b2.id);

  // 200 new visitors through nginx (no cookie), then each one again on A, on B and through nginx (a reload).
  const visits = await inParallel(
    Array.from({ length: 200 }, (_, k) => k),
    8,
    async () => {
      const first = await remotesJson(cluster.proxy);
      const again = await Promise.all([
        remotesJson(cluster.a, first.visitor),
        remotesJson(cluster.b, first.visitor),
        remotesJson(cluster.proxy, first.visitor),
      ]);
      return { first, again };
    },
  );
  const [sample] = visits;
  expect(sample!.first.headers.get('cache-control')).toMatch(/private/);
  expect(sample!.first.headers.get('cache-control')).toMatch(/no-cache/);
  expect(sample!.first.headers.get('vary') ?? '').toMatch(/cookie/i);
  expect(sample!.first.setCookie).toMatch(/HttpOnly/i);
  expect(sample!.first.setCookie).toMatch(/SameSite=Lax/i);
  expect(sample!.first.setCookie).toMatch(/Path=\//);
  expect(sample!.first.setCookie).toMatch(/Max-Age=31536000/);
  for (const { first, again } of visits) {
    expect(first.visitor).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(
      again.map((a) => [a.release?.id, a.ordering, a.visitor ?? first.visitor]),
      `visitor ${first.visitor}`,
    ).toEqual(Array(3).fill([first.release?.id, first.ordering, first.visitor]));
    const onCanary = first.release?.id === b2.id;
    expect(first.ordering).toBe(onCanary ? origin.manifest('b2') : origin.manifest('b'));
    if (!onCanary) expect(first.release?.id).toBe(releaseB.id);
  }
  const onCanary = visits.filter((v) => v.first.release?.id === b2.id);
  test
    .info()
    .annotations.push({ type: 'canary', description: `${onCanary.length} of 200 visitors on the 30 % canary` });
  expect(onCanary.length).toBeGreaterThanOrEqual(40);
  expect(onCanary.length).toBeLessThanOrEqual(80);

  // Rolled back (not promoted: B stays the active release the broken canary below falls back to);
  // its visitors are back on B on both instances within 1 s.
  expect(await team.rollback(b2.id)).toMatchObject({ id: b2.id, state: 'rolled_back' });
  const canaryVisitors = onCanary.slice(0, 10).map((v) => v.first.visitor);
  await within(1_000, 'the canary visitors back on B on both instances', async () =>
    (await Promise.all(canaryVisitors.map(orderingOn))).flat().every((m) => m.release?.id === releaseB.id),
  );
});

test('a broken release C as a 50 % canary is rolled back by the server once real page loads report it', async ({
  browser,
}) => {
  // Up to 60 page loads (~1-2 s each) and the shell's last 10 s flush.
  test.setTimeout(180_000);
  const c = await team.register(`C-${run}`, origin.manifest('c'), 'release C: its remoteEntry.js throws');
  expect(c.state).toBe('registered');
  const known = await knownVisitors(20);
  expect(await team.canary(c.id, 50)).toMatchObject({ state: 'canary', canary: { percent: 50 } });
  // Before the first page load: its HTML and its /remotes.json may come from different instances.
  await canaryOnBothWithin1s(known, c.id);
  const stateOfC = async () => (await team.list()).find((r) => r.id === c.id)!.state;

  const got = { b: 0, c: 0 };
  let visitorOfC: string | null = null;
  let previous: BrowserContext[] = [];
  // One page load by a fresh visitor: which release its browser loaded.
  const load = async (n: number) => {
    const { context, page } = await visitor(browser, `203.0.113.${100 + n}`);
    const remote = watchRemote(page);
    await page.goto(STORE);
    await expect(menu(page).or(fallback(page)).first()).toBeVisible({ timeout: 20_000 });
    const folders = remote.folders();
    if (folders.length > 1) {
      // The rollback landed while this page loaded (another visitor's beacon): its HTML's preload
      // hints named C, its /remotes.json already B. Only then may one page touch both.
      expect(folders.sort(), 'a page touching B and C').toEqual(['b', 'c']);
      expect(await stateOfC()).toBe('rolled_back');
      await page.goto('about:blank');
      return context;
    }
    expect(folders.length, folders.join()).toBe(1);
    if (folders[0] === 'c') {
      got.c += 1;
      await expect(fallback(page)).toBeVisible();
      visitorOfC ??= (await context.cookies()).find((k) => k.name === 'hive_visitor')?.value ?? null;
    } else {
      expect(folders).toEqual(['b']);
      got.b += 1;
      await expect(menu(page)).toBeVisible();
    }
    // The telemetry client is a lazy chunk that takes the signals kept until it loads: let it load
    // (the storefront's menu page polls nothing, so the network goes quiet within a second).
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    // Leaving the page sends its telemetry (sendBeacon on pagehide); the context is closed one
    // round later, so the beacon is delivered.
    await page.goto('about:blank');
    return context;
  };
  // Three visitors at a time (an office's browsers, not one tab after another), at most 60 loads.
  let state = await stateOfC();
  for (let n = 0; n < 60 && state === 'canary'; n += 3) {
    const contexts = await Promise.all([n, n + 1, n + 2].map(load));
    await Promise.all(previous.map((context) => context.close()));
    previous = contexts;
    state = await stateOfC();
  }
  // The last beacons: at most the shell's 10 s batch later.
  await expect.poll(stateOfC, { timeout: 15_000, intervals: [250] }).toBe('rolled_back');
  await Promise.all(previous.map((context) => context.close()));
  test
    .info()
    .annotations.push({ type: 'loads', description: `${got.c} loads of C and ${got.b} of B until the rollback` });
  expect(got.c).toBeGreaterThanOrEqual(10); // RELEASE_MIN_SESSIONS of the run

  // Recorded as automatic, with its reason and figures; B is still the active release.
  const releases = await team.list();
  const rolled = releases.find((r) => r.id === c.id)!;
  expect(rolled.rollback).toMatchObject({ automatic: true });
  expect(rolled.rollback!.reason).toBeTruthy();
  expect(rolled.rollback!.figures).toBeTruthy();
  expect(rolled.events.some((e) => e.action === 'rolled_back' && e.by === 'automatic')).toBe(true);
  expect(releases.find((r) => r.state === 'active')?.id).toBe(releaseB.id);

  // A visitor who had C gets B from both instances (within 1 s of our seeing the rollback) ...
  expect(visitorOfC).toBeTruthy();
  await within(1_000, 'the visitor of C back on B on both instances', async () =>
    (await orderingOn(visitorOfC)).every((m) => m.release?.id === releaseB.id),
  );
  // ... and the next visitors' browsers load B, not C.
  for (const address of ['203.0.113.201', '203.0.113.202', '203.0.113.203'])
    await expectStorefrontOnB(browser, address);
});

test('rolling back the active release B puts the hosted build back on both instances within 1 s', async () => {
  expect(await team.rollback(releaseB.id)).toMatchObject({ id: releaseB.id, state: 'rolled_back' });
  await within(1_000, 'both instances back on the hosted build', async () =>
    (await orderingOn(null)).every((m) => m.ordering === HOSTED),
  );
  const active = (await team.list()).find((r) => r.state === 'active');
  expect(active).toMatchObject({ version: 'server-build', manifestUrl: HOSTED });
});
