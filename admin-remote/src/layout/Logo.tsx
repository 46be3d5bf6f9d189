/** The Hive POS mark: a honeycomb cell. Decorative; the product name is text next to it. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 28 9v14l-12 7-12-7V9z" fill="#f59e0b" />
      <path d="M16 9.5 22 13v6l-6 3.5-6-3.5v-6z" fill="#fff7ed" />
    </svg>
  );
}
