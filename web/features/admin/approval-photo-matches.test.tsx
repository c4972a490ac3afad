import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdminProperty } from '../../testing/admin';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { ApprovalItem } from './approval-item';

beforeAll(() => i18nReady);

function card(property: ReturnType<typeof makeAdminProperty>) {
  mockApi({});
  renderRoute(
    <ApprovalItem property={property} busy={false} onApprove={() => {}} onReject={() => {}} />,
    { path: '/', url: '/' },
  );
}

describe('approval card, stolen photos (issue 50)', () => {
  it('shows the other listing’s photo beside the matching one, with its title, link and lister', () => {
    const property = makeAdminProperty({ isVerified: false, verified: false });
    const [photo] = property.photos;
    card({
      ...property,
      photoMatches: [
        {
          photoKey: photo!.key,
          otherListing: {
            id: 'other-listing',
            title: 'Bungalow in Adenta',
            lister: { id: 'u2', displayName: 'Akosua Mensah' },
          },
          otherPhotoKey: 'pother',
          otherPhotoUrl: '/files/pother-800.webp',
          distance: 2,
        },
      ],
    });
    screen.getByText(
      '1 photo is also on another lister’s listing. Compare them side by side before approving.',
    );
    const photos = screen.getByRole('list', { name: 'Photos' });
    const [first, second] = within(photos).getAllByRole('listitem');
    const line = within(first!).getByRole('note');
    expect(line.textContent).toContain(
      'This photo is also on “Bungalow in Adenta”, listed by Akosua Mensah.',
    );
    expect(
      within(line)
        .getByRole('img', { name: 'The same photo on “Bungalow in Adenta”' })
        .getAttribute('src'),
    ).toBe('/files/pother-800.webp');
    expect(
      within(line)
        .getByRole('link', { name: /Open the other listing/ })
        .getAttribute('href'),
    ).toBe('/property/other-listing');
    expect(within(second!).queryByRole('note')).toBeNull();
  });

  it('says nothing when no photo matches', () => {
    card(makeAdminProperty({ isVerified: false, verified: false }));
    expect(screen.queryByText(/also on/)).toBeNull();
  });
});
