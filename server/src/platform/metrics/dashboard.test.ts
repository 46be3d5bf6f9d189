import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createMetrics } from './metrics';
import { processRegistry } from './process';

/*
 * docs/operations.md (what to watch, the alert rules) and docs/grafana-dashboard.json name metrics by
 * hand: each must be a family the server exports, or an alert would watch nothing after a rename.
 */

const docs = (file: string) => fileURLToPath(new URL(`../../../../docs/${file}`, import.meta.url));
const METRIC = /\b(?:hive|nodejs|process)_[a-z0-9_]+\b/g;

async function exported(): Promise<Set<string>> {
  const metrics = createMetrics(pino({ level: 'silent' }));
  const names = new Set<string>();
  for (const registry of [metrics.registry, processRegistry()]) {
    for (const family of await registry.getMetricsAsJSON()) {
      names.add(family.name);
      if (String(family.type) === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(family.name + suffix);
    }
  }
  return names;
}

describe('the operations docs and dashboard name only exported metrics', () => {
  it('every metric of docs/operations.md and docs/grafana-dashboard.json exists', async () => {
    const names = await exported();
    const dashboard = JSON.parse(await fs.readFile(docs('grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    assert.ok(exprs.length >= 10);
    const used = new Set([...exprs.join('\n').matchAll(METRIC)].map((m) => m[0]));
    const page = await fs.readFile(docs('operations.md'), 'utf8');
    for (const m of page.matchAll(METRIC)) used.add(m[0]);
    const unknown = [...used].filter((name) => !names.has(name));
    assert.deepEqual(unknown, []);
    assert.ok(used.size >= 12, [...used].join(', '));
  });
});
