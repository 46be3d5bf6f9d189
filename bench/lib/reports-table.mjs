// The markdown table of bench/reports-scale.mjs: each request's median, p90 and target, and with
// --baseline its median against an earlier run's.

/** Growth: a request at 3M receipts may take at most this many times its time at 1M (--baseline). */
const RATIO_GOAL = 1.5;

export function reportTable(r) {
  const lines = [
    `### ${r.db === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${r.receipts ?? `--scale ${r.scale}`} receipts, ${r.measure.transactionsInYear} in the year measured (${r.config.runs} runs each, median / p90 of the HTTP round trip)`,
    '',
    '| request (the last full year) | median | p90 | target (median) | met? |',
    '|---|---|---|---|---|',
  ];
  // The same request at another scale: its page number, receipt number or searched name differ.
  const shape = (name) => name.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
  const base = r.baseline ? new Map(r.baseline.rows.map((b) => [shape(b.name), b.medianMs])) : null;
  if (base) {
    lines[2] = `| request (the last full year) | median | p90 | target (median) | met? | × ${r.baseline.receipts} receipts (goal ≤ ${RATIO_GOAL}) |`;
    lines[3] = '|---|---|---|---|---|---|';
  }
  for (const row of r.measure.rows) {
    const before = base?.get(shape(row.name));
    const ratio = before && row.medianMs ? row.medianMs / before : null;
    const ratioCell = base
      ? ` ${ratio === null ? '–' : `${ratio.toFixed(2)}${ratio <= RATIO_GOAL ? '' : ' **over**'}`} |`
      : '';
    lines.push(
      `| ${row.name} | ${row.error ? row.error : `${row.medianMs} ms`} | ${row.p90Ms ?? '–'} ms | < ${row.target} ms | ${row.met ? 'yes' : '**no**'} |${ratioCell}`,
    );
  }
  if (r.load && !r.load.reused && r.load.copy) {
    lines.push(
      '',
      `Load: ${r.load.receipts} receipts in ${r.load.seconds} s (the SQLite ingest ${r.load.source.reused ? 'reused, 0' : r.load.source.seconds} s, the copy ${r.load.copy.seconds} s: ${r.load.copy.rows} rows of ${r.load.copy.tables} tables, ${r.load.copy.indexes} indexes built).`,
    );
  } else if (r.load && !r.load.reused) {
    lines.push(
      '',
      `Load: ${r.load.receipts} receipts (${r.load.events} register events) in ${r.load.seconds} s, ${r.load.receiptsPerSecond} receipts/s (${r.load.daysPerCommit} days per transaction).`,
    );
  }
  return lines.join('\n');
}
