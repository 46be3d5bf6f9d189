import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { Client, ONCE, oneDatabase, startTestServer, type Json, type TestServer } from './helpers';

/*
 * @hive/register-sdk as a register maker gets it: `npm pack` of the built package, installed into an
 * empty folder with nothing else, runs its README's example against a server (pair, configuration,
 * a cash sale with change, the queue flushed), and its types resolve for a strict TypeScript project
 * (module NodeNext), both entry points.
 */

const run = promisify(execFile);
const SDK = fileURLToPath(new URL('../../register-sdk', import.meta.url));

for (const target of oneDatabase()) {
  describe('the register SDK, packed and installed', ONCE, () => {
    let server: TestServer;
    let dir: string;
    let app: string;
    before(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-sdk-pack-'));
      app = path.join(dir, 'app');
      await fs.mkdir(app);
      const built = await run(process.execPath, [path.join(SDK, 'scripts/build.mjs'), '--pack', dir]);
      const tarball = /Packed (.+\.tgz)\./.exec(built.stdout)?.[1];
      assert.ok(tarball, built.stdout);
      // An empty folder and the tarball alone: the package needs nothing from the registry.
      await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: app });
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    });

    it('holds the built files only: no sources, no tests', async () => {
      const installed = path.join(app, 'node_modules/@hive/register-sdk');
      const manifest = JSON.parse(await fs.readFile(path.join(installed, 'package.json'), 'utf8')) as Json;
      assert.equal(manifest.private, undefined);
      assert.equal(manifest.type, 'module');
      assert.deepEqual(manifest.dependencies, undefined);
      const files = (await fs.readdir(installed, { recursive: true })).map(String);
      assert.ok(files.includes('index.js') && files.includes('index.d.ts') && files.includes('README.md'));
      assert.deepEqual(
        files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
        [],
      );
      assert.deepEqual(
        files.filter((f) => f.includes('.test.')),
        [],
      );
    });

    it("runs its README's example against a server", async () => {
      const readme = await fs.readFile(path.join(SDK, 'README.md'), 'utf8');
      const example = /```js\n([\s\S]+?)```/.exec(readme)?.[1];
      assert.ok(example, 'the README has a js example');
      await fs.writeFile(path.join(app, 'example.mjs'), example);
      const owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      const options = (await (await owner.request('/api/backoffice/terminals/options')).json()) as Json;
      const created = await owner.post('/api/backoffice/terminals', {
        name: 'Packed SDK',
        locationId: options.locations[0].id,
      });
      assert.equal(created.response.status, 201, JSON.stringify(created.body));
      const { stdout } = await run(process.execPath, ['example.mjs'], {
        cwd: app,
        env: { PATH: process.env.PATH, HIVE_URL: server.url, PAIRING_CODE: created.body.pairingCode },
      });
      assert.match(stdout, /paired as Packed SDK/);
      assert.match(stdout, /stored 1, rejected 0, change \d+/);
    });

    it('gives a strict NodeNext TypeScript project its types, from both entry points', async () => {
      const file = path.join(app, 'check.ts');
      await fs.writeFile(
        file,
        [
          "import { RegisterClient, type DeviceConfig } from '@hive/register-sdk';",
          "import { tender } from '@hive/register-sdk/money';",
          'export const make = (token: string) => new RegisterClient({ baseUrl: "", appVersion: "1" }, token);',
          'export const first = (config: DeviceConfig): number => config.items[0]!.priceCents;',
          'const change = tender(100, [{ amountCents: 100, cashLike: true }]);',
          "export const wrong: string = 'changeCents' in change ? change.changeCents : 0;",
        ].join('\n'),
      );
      await fs.writeFile(path.join(app, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: [],
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      // One error, the one written in: everything else resolved to its declared types.
      assert.deepEqual(errors, ["Type 'number' is not assignable to type 'string'."]);
    });
  });
}
