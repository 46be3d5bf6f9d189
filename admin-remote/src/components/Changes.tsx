import styles from './Changes.module.css';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** An audit entry's before/after as "field: old → new" lines (only what changed, or was set). */
export function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.filter((key) => show(b[key]) !== show(a[key]));
  if (rows.length === 0) return <span>—</span>;
  return (
    <dl className={styles.changes}>
      {rows.map((key) => (
        <div key={key} className={styles.row}>
          <dt>{key}</dt>
          <dd>
            {key in b && <del>{show(b[key])}</del>}
            {key in b && key in a && <span aria-hidden="true"> → </span>}
            {key in a && <ins>{show(a[key])}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
