import { describe, expect, it } from 'vitest';
import { adminTabs } from './admin-tabs';
import { tabColumns } from './tab-rows';

describe('tabColumns', () => {
  it('lays the panel’s ten tabs out as two rows of five', () => {
    expect(adminTabs).toHaveLength(10);
    expect(tabColumns(adminTabs.length)).toBe(5);
  });

  it.each(Array.from({ length: 23 }, (_, i) => i + 2))(
    'never leaves a tab alone on the last row (%i tabs), nor puts over six in one',
    (count) => {
      const columns = tabColumns(count);
      const last = count % columns || columns;
      expect(columns).toBeLessThanOrEqual(6);
      expect(last).toBeGreaterThan(1);
    },
  );
});
