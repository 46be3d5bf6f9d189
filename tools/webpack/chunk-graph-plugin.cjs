// Writes `dist/.chunk-graph.json` (a dotfile: the server's static hosting never serves it): every
// chunk with its files and the source files it contains, and every edge by which one chunk makes the
// runtime load others, classified:
//   boundary  a dynamic import() in an entry module (the shell's `import('./bootstrap')`): always loaded
//   consume   a shared module's own fallback (Module Federation `consumes`), loaded with the chunk
//             that consumes it unless another app already provided that package
//   expose    a remote's exposed module (`./App`), loaded by the host's `loadRemote`
//   provide   a shared module this app offers to others (loaded only if chosen)
//   lazy      any other import(): a lazy route, a lazy area, a heavy library on demand
// bench/budgets.mjs derives the critical path of a page from this graph, without a browser.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

function sourceFiles(module) {
  const inner = module.modules ? [...module.modules] : [module];
  const out = [];
  for (const m of inner) {
    const res = m.resource || (m.rootModule && m.rootModule.resource);
    if (res) out.push(path.relative(repoRoot, res.split('?')[0]));
  }
  return out;
}

function kindOf(module, entryModules, block) {
  if (module.type === 'consume-shared-module') return 'consume';
  if (module.type === 'provide-module' || module.constructor.name === 'ProvideSharedModule') return 'provide';
  if (module.constructor.name === 'ContainerEntryModule') return 'expose';
  if (entryModules.has(module) && isOwnBlock(module, block)) return 'boundary';
  return 'lazy';
}

/**
 * Whether a dynamic import is the entry file's own. A concatenated entry module also lists the
 * blocks of the modules merged into it (their `parent` stays the inner module): an `import()` in a
 * module the entry imports (shell/src/remoteFirst.ts) is conditional, not a boot boundary.
 */
function isOwnBlock(module, block) {
  return block.parent === module || block.parent === module.rootModule;
}

/** The entry modules of every entrypoint (a concatenated entry module wraps the real one). */
function entryModulesOf(compilation) {
  const { chunkGraph, moduleGraph } = compilation;
  const entryModules = new Set();
  for (const ep of compilation.entrypoints.values())
    for (const c of ep.chunks) for (const m of chunkGraph.getChunkEntryModulesIterable(c)) entryModules.add(m);
  for (const dep of [...compilation.entries.values()].flatMap((e) => e.dependencies)) {
    const m = moduleGraph.getModule(dep);
    if (m) entryModules.add(m);
  }
  return entryModules;
}

/** The chunk groups loaded by a dynamic import() in an entry module: always loaded at start. */
function boundaryChunkGroups(compilation) {
  const groups = [];
  for (const module of entryModulesOf(compilation))
    for (const block of module.blocks || []) {
      if (!isOwnBlock(module, block)) continue;
      const group = compilation.chunkGraph.getBlockChunkGroup(block);
      if (group) groups.push(group);
    }
  return groups;
}

class ChunkGraphPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGraphPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          const entryModules = entryModulesOf(compilation);
          const entrypoints = {};
          for (const [name, ep] of compilation.entrypoints) entrypoints[name] = ep.chunks.map((c) => String(c.id));
          const chunks = [];
          for (const chunk of compilation.chunks) {
            const files = new Set();
            const edges = [];
            const shared = [];
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              for (const f of sourceFiles(module)) files.add(f);
              if (module.type === 'consume-shared-module') shared.push(module.options.shareKey);
              for (const block of module.blocks || []) {
                const group = chunkGraph.getBlockChunkGroup(block);
                if (!group) continue;
                const kind = kindOf(module, entryModules, block);
                edges.push({
                  kind,
                  ...(kind === 'consume' ? { shareKey: module.options.shareKey } : {}),
                  ...(kind === 'expose' ? { expose: block.groupOptions?.name || group.name || null } : {}),
                  chunks: group.chunks.map((c) => String(c.id)),
                });
              }
            }
            chunks.push({
              id: String(chunk.id),
              names: [...(chunk.name ? [chunk.name] : [])],
              files: [...chunk.files].filter((f) => !f.endsWith('.map')),
              initial: chunk.canBeInitial(),
              consumes: shared.sort(),
              modules: [...files].sort(),
              edges,
            });
          }
          const out = {
            name: compilation.outputOptions.uniqueName,
            publicPath: compilation.outputOptions.publicPath,
            entrypoints,
            chunks,
          };
          compilation.emitAsset(
            '.chunk-graph.json',
            new compiler.webpack.sources.RawSource(JSON.stringify(out, null, 1)),
          );
        },
      );
    });
  }
}

module.exports = { ChunkGraphPlugin, boundaryChunkGroups };
