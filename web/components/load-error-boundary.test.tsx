import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorBoundary } from './load-error-boundary';

afterEach(cleanup);

describe('LoadErrorBoundary', () => {
  it('shows its fallback when a lazy part’s code cannot be fetched, and leaves the rest alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <>
        <p>The header stays</p>
        <LoadErrorBoundary fallback={<p>Could not load</p>}>
          <Suspense fallback={null}>
            <Missing />
          </Suspense>
        </LoadErrorBoundary>
      </>,
    );
    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(screen.getByText('The header stays')).toBeTruthy();
  });
});
