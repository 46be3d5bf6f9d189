/* global describe, expect, it */
import { buildFile, exposeStyles, firstPaintFiles, renderBlocking } from './firstPaintBytes.mjs';

// The shell's index.html as html-webpack-plugin minifies it (bare attribute values).
const SHELL =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Hive POS</title><style>.x{color:red}</style>' +
  '<script defer src=/main.js></script><link rel=preload as=script href=/186.js><link rel=preload as=style href=/186.css>' +
  '</head><body><div id=root></div><script src=/late.js></script></body></html>';
const MANIFEST = {
  exposes: [
    { name: 'Menu', assets: { css: { sync: ['menu.css'] } } },
    {
      name: 'App',
      assets: { js: { sync: ['app.js'] }, css: { sync: ['app.1.css', 'app.2.css'], async: ['lazy.css'] } },
    },
  ],
};
const withHead = (tags) => SHELL.replace('</head>', `${tags}</head>`);

describe('render-blocking resources of the head', () => {
  it('none in the shell as built: deferred scripts, preloads and body scripts do not block the first paint', () => {
    expect(renderBlocking(SHELL)).toEqual({ stylesheets: [], scripts: [] });
  });

  it('stylesheets block, whatever the quoting; print-only, alternate and disabled ones do not', () => {
    const html = withHead(
      '<link rel=stylesheet href=/a.css><link href="/b.css" rel="stylesheet"><link rel=\'stylesheet\' href=\'/c.css\' media=screen>' +
        '<link rel=stylesheet href=/print.css media=print><link rel="alternate stylesheet" href=/alt.css>' +
        '<link rel=stylesheet href=/off.css disabled>',
    );
    expect(renderBlocking(html).stylesheets).toEqual(['/a.css', '/b.css', '/c.css']);
  });

  it('classic scripts without defer or async block; modules, async, defer and data do not', () => {
    const html = withHead(
      '<script src=/sync.js></script><script type=text/javascript src=/typed.js></script><script>inline()</script>' +
        '<script async src=/a.js></script><script type=module src=/m.js></script>' +
        '<script type=application/ld+json>{}</script><script type=importmap>{}</script>',
    );
    expect(renderBlocking(html).scripts).toEqual(['/sync.js', '/typed.js', '(inline)']);
  });

  it('reads the head only, and no commented-out tag', () => {
    const html = withHead('<!-- <script src=/old.js></script> -->').replace(
      '<body>',
      '<body><link rel=stylesheet href=/b.css>',
    );
    expect(renderBlocking(html)).toEqual({ stylesheets: [], scripts: [] });
  });
});

describe('files before the first paint', () => {
  it("login: index.html and what its head blocks on; storefront: the same, the shell's preloaded CSS and the ordering remote's ./App CSS", () => {
    const html = withHead(
      '<link rel=stylesheet href=/shell.css><script src=/blocking.js></script><link rel=preload as=style href=/186.abc.css><link rel=preload as=script href=/1.js>',
    );
    expect(firstPaintFiles(html, MANIFEST)).toEqual({
      login: [
        { app: 'shell', file: 'index.html' },
        { app: 'shell', file: 'shell.css' },
        { app: 'shell', file: 'blocking.js' },
      ],
      storefront: [
        { app: 'shell', file: 'index.html' },
        { app: 'shell', file: 'shell.css' },
        { app: 'shell', file: 'blocking.js' },
        { app: 'shell', file: '186.css' },
        { app: 'shell', file: '186.abc.css' },
        { app: 'ordering', file: 'app.1.css' },
        { app: 'ordering', file: 'app.2.css' },
      ],
      blockingScripts: ['/blocking.js'],
    });
  });

  it('the ./App CSS is the sync list of the expose named App; none when the manifest has no App', () => {
    expect(exposeStyles(MANIFEST)).toEqual(['app.1.css', 'app.2.css']);
    expect(exposeStyles({ exposes: [] })).toEqual([]);
    expect(exposeStyles(undefined)).toEqual([]);
  });

  it("maps a URL to its build's file, and refuses another origin", () => {
    expect(buildFile('/remotes/ordering/x.css?v=1')).toEqual({ app: 'ordering', file: 'x.css' });
    expect(buildFile('/static/y.css')).toEqual({ app: 'shell', file: 'static/y.css' });
    expect(() => buildFile('https://cdn.example/z.css')).toThrow(/another origin/);
    expect(() => buildFile('//cdn.example/z.css')).toThrow(/another origin/);
  });
});
