import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollTable, TableBody, TableCell, TableHead, TableRow } from './scroll-table';

describe('ScrollTable on a phone (issue 34)', () => {
  it('stacks each row as labelled lines below `sm`, and stays a table to screen readers', () => {
    const columns = ['Name', 'Contact'];
    render(
      <ScrollTable label="Newest accounts">
        <TableHead columns={columns} />
        <TableBody>
          <TableRow>
            <TableCell label={columns[0]!}>
              Kofi Mensah <span>Admin</span>
            </TableCell>
            <TableCell label={columns[1]!}>kofi@example.com</TableCell>
          </TableRow>
        </TableBody>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', { name: 'Newest accounts' });
    const table = within(region).getByRole('table');
    expect(table.className).toContain('max-sm:block');
    expect(table.className).toContain('sm:min-w-[40rem]');
    expect(table.querySelector('thead')!.className).toBe('max-sm:sr-only');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(columns);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(columns);
    for (const cell of cells) {
      expect(cell.className).toContain('max-sm:before:content-[attr(data-label)]');
      // Its content is one grid item beside the label, however many parts it has.
      expect(cell.children).toHaveLength(1);
    }
  });
});
