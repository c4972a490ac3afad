import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { PendingChangesNote } from './pending-changes-note';

beforeAll(() => i18nReady);

describe('Changes waiting for review (issue 34)', () => {
  it('names the waiting fields and says renters see the approved listing', () => {
    mockApi({});
    renderRoute(
      <PendingChangesNote
        property={{
          pendingChanges: {
            fields: ['price', 'availableFrom', 'photos'],
            values: { price: 2500, availableFrom: null },
            photos: [],
            submittedAt: '2026-11-27T10:00:00.000Z',
          },
        }}
      />,
      { path: '/', url: '/' },
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Changes waiting for review');
    expect(note.textContent).toContain('Waiting: Rent, Available from, Photos.');
    expect(note.textContent).toContain('Renters see the approved listing');
  });

  it('shows nothing when nothing waits', () => {
    mockApi({});
    renderRoute(<PendingChangesNote property={{ pendingChanges: null }} />, {
      path: '/',
      url: '/',
    });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
