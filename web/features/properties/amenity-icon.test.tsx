import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmenityIcon } from './amenity-icon';

describe('AmenityIcon', () => {
  it('keeps its size beside a long label (issue 34)', () => {
    const { container } = render(<AmenityIcon amenity="wifi" className="size-4 text-primary" />);
    const classes = container.querySelector('svg')!.getAttribute('class')!.split(' ');
    expect(classes).toEqual(expect.arrayContaining(['shrink-0', 'size-4', 'text-primary']));
  });
});
