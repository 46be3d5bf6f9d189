/** The Hive POS mark: a honeycomb cell. Decorative (the product name is next to it). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 28 9v14l-12 7-12-7V9z" fill="#f59e0b" />
      <path d="M16 9.5 22 13v7l-6 3.5-6-3.5v-7z" fill="#fff7e0" />
      <path d="M16 13 19 14.8v3.5L16 20l-3-1.7v-3.5z" fill="#b45309" />
    </svg>
  );
}
