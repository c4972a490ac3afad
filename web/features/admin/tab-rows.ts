/** The most tabs a row of the admin panel holds on a tablet or wider before a label wraps. */
const MOST_PER_ROW = 6;

/**
 * How many columns the panel's tabs take on a tablet or wider: as few rows as MOST_PER_ROW
 * allows, the tabs shared evenly between them, so the last row is never one tab alone (issue
 * 51: ten tabs wrapped as nine and Settings). Ten tabs: two rows of five.
 */
export function tabColumns(count: number): number {
  const rows = Math.max(1, Math.ceil(count / MOST_PER_ROW));
  return Math.ceil(count / rows);
}
