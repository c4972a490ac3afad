import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('keeps its size beside a long label (issue 34)', () => {
    render(
      <label className="flex items-center gap-2">
        <Checkbox name="x" className="mt-0.5" />
        Ein sehr langer Text, der in einer schmalen Spalte umbricht und die Box zusammendrücken
        würde
      </label>,
    );
    const box = screen.getByRole('checkbox');
    expect(box.className.split(' ')).toEqual(
      expect.arrayContaining(['size-4', 'shrink-0', 'accent-primary', 'mt-0.5']),
    );
  });
});
