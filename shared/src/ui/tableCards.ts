import styles from './tableCards.module.css';

/** A cell's place in its row's card (tableCards.module.css); none: left out of the card. */
export type CardPart = 'title' | 'key' | 'state';

/**
 * Rows as cards on a narrow screen, for any table (the data table, the reports' tables): `host`
 * on an element around the table (the container whose width is asked), `table` on the table, and
 * `cardCell` on each cell.
 */
export const tableCards = { host: styles.host, table: styles.table };

/** A cell's attributes for its card: its part, and its column's header shown above a key. */
export function cardCell(part: CardPart | undefined, label?: string): Record<string, string> {
  if (!part) return {};
  return label && part === 'key' ? { 'data-card': part, 'data-label': label } : { 'data-card': part };
}
