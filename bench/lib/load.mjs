// Server throughput with autocannon (in this process; the servers run in a child process, so the
// load generator and the server share the two cores the way a real client and server would not:
// the numbers are a floor). Each endpoint: a short warm-up, then BENCH_LOAD_SECONDS of load.
import autocannon from 'autocannon';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function fire(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Signs in over HTTP (the Auth.js protocol of server/README.md) and returns the Cookie header. */
export async function signInCookie(base, email, password) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = await csrfRes.json();
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1', Cookie: header() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/items' }),
  });
  keep(res);
  const body = await res.json();
  if (new URL(body.url).searchParams.get('error')) throw new Error(`sign-in failed: ${body.url}`);
  // The back-office loads its user data first (as the shell does); some endpoints expect it.
  await fetch(`${base}/api/auth/usercompany`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: header() },
    body: '{}',
  });
  return header();
}

export async function measure(name, url, headers = {}) {
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) return { name, url, status: probe.status, error: `GET answered ${probe.status}` };
  await fire({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await fire({ url, headers, connections: CONNECTIONS, duration: LOAD_SECONDS });
  return {
    name,
    url: new URL(url).pathname + new URL(url).search,
    connections: CONNECTIONS,
    seconds: LOAD_SECONDS,
    requestsPerSecond: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
