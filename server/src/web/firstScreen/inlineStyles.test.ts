import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hostedFile, InlineStyles } from './inlineStyles';
import { ONCE } from '../../../test/helpers';

// A page with a first screen paints from its HTML alone: this server's own CSS goes in it.
describe('InlineStyles', ONCE, () => {
  let root: string;
  let styles: InlineStyles;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-inline-css-'));
    await fs.mkdir(path.join(root, 'shell'));
    await fs.mkdir(path.join(root, 'ordering/r2'), { recursive: true });
    await fs.writeFile(
      path.join(root, 'shell/186.ee85fc2775.css'),
      'body{margin:0}\n/*# sourceMappingURL=186.css.map*/',
    );
    await fs.writeFile(path.join(root, 'ordering/r2/app.0123abcd.css'), '.ordering-a{color:red}');
    await fs.writeFile(path.join(root, 'ordering/r2/evil.0123abcd.css'), '.x{}</style><script>alert(1)</script>');
    await fs.writeFile(path.join(root, 'ordering/r2/big.0123abcd.css'), `.x{}${' '.repeat(70_000)}`);
    await fs.writeFile(path.join(root, 'shell/plain.css'), 'body{}');
    styles = new InlineStyles(hostedFile(path.join(root, 'shell'), { ordering: path.join(root, 'ordering') }));
  });
  after(() => fs.rm(root, { recursive: true, force: true }));

  it("inlines the shell's and a hosted release's hashed stylesheets, marked for the app's CSS loader", async () => {
    const html = await styles.inline(
      '<head><link rel=stylesheet href=/186.ee85fc2775.css><link rel="stylesheet" href="/remotes/ordering/r2/app.0123abcd.css"></head>',
    );
    assert.equal(
      html,
      '<head><style data-href="/186.ee85fc2775.css">body{margin:0}</style><style data-href="/remotes/ordering/r2/app.0123abcd.css">.ordering-a{color:red}</style></head>',
    );
  });

  it('leaves a link for what it must not or cannot inline', async () => {
    for (const tag of [
      '<link rel="stylesheet" href="https://cdn.example.com/ordering/app.0123abcd.css">',
      '<link rel="stylesheet" href="/remotes/ordering/r2/evil.0123abcd.css">',
      '<link rel="stylesheet" href="/remotes/ordering/r2/big.0123abcd.css">',
      '<link rel="stylesheet" href="/plain.css">',
      '<link rel="stylesheet" href="/remotes/ordering/r2/missing.0123abcd.css">',
      '<link rel="stylesheet" href="/remotes/other/app.0123abcd.css">',
      '<link rel="stylesheet" href="/remotes/ordering/../../shell/186.ee85fc2775.css">',
    ]) {
      assert.equal(await styles.inline(tag), tag);
    }
  });
});
