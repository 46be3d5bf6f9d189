import styles from './releases.module.css';

export interface SparkSeries {
  /** Points in time order; a null value breaks the line. */
  points: { at: number; value: number | null }[];
  tone: 'active' | 'canary';
}

const WIDTH = 160;
const HEIGHT = 40;
const PAD = 3;

/** The polylines' point lists: one per run of known values. */
export function sparkPaths(series: SparkSeries[]): { tone: SparkSeries['tone']; runs: string[] }[] {
  const all = series.flatMap((s) => s.points);
  const times = all.map((p) => p.at);
  const values = all.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (values.length === 0) return [];
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  // From 0 up, so that a flat low line does not look like a spike.
  const top = Math.max(...values, 0) || 1;
  const x = (at: number) => (t1 === t0 ? WIDTH / 2 : PAD + ((at - t0) / (t1 - t0)) * (WIDTH - 2 * PAD));
  const y = (v: number) => HEIGHT - PAD - (v / top) * (HEIGHT - 2 * PAD);
  return series.map((s) => {
    const runs: string[] = [];
    let run: string[] = [];
    for (const point of s.points) {
      if (point.value === null) {
        if (run.length) runs.push(run.join(' '));
        run = [];
      } else run.push(`${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`);
    }
    if (run.length) runs.push(run.join(' '));
    return { tone: s.tone, runs };
  });
}

/**
 * A small line chart (inline SVG: the admin console has no chart library, and a few polylines do
 * not justify one). The figures themselves are in the text beside it; this only shows the trend.
 */
export function Sparkline({ label, series, noData }: { label: string; series: SparkSeries[]; noData: string }) {
  const paths = sparkPaths(series);
  if (paths.every((p) => p.runs.length === 0)) return <span className={styles.noData}>{noData}</span>;
  return (
    <svg className={styles.spark} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className={styles.sparkAxis} />
      {paths.flatMap(({ tone, runs }) =>
        runs.map((points, i) =>
          points.includes(' ') ? (
            <polyline key={`${tone}${i}`} points={points} className={styles[tone]} />
          ) : (
            <circle
              key={`${tone}${i}`}
              cx={points.split(',')[0]}
              cy={points.split(',')[1]}
              r={1.75}
              className={styles[`${tone}Dot`]}
            />
          ),
        ),
      )}
    </svg>
  );
}
