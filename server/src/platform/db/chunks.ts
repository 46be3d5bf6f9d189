/** A list cut into parts of at most `size`: IN lists and multi-row inserts stay under the databases' parameter limits. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
