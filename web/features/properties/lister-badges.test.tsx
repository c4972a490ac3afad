import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '#common/properties';
import type { ListerBadges } from '#common/verifications';
import { makeProperty } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { CardListerBadges, ListerBadgeList } from './lister-badges';
import { PropertyCard } from './property-card';
import PropertyDetailPage from './property-detail-page';
import { ReviewedBadge } from './reviewed-badge';

beforeAll(() => i18nReady);

const none: Property['lister'] = {
  handle: 'ama-0c41d2e9',
  responseTime: null,
  emailVerified: false,
  phoneVerified: false,
  identityVerified: false,
  licensedAgent: false,
};
const all: ListerBadges = {
  emailVerified: true,
  phoneVerified: true,
  identityVerified: true,
  licensedAgent: true,
};

describe('lister badges on a card', () => {
  it('show the badges our team checked by hand, and only those', () => {
    render(<CardListerBadges lister={all} />);
    const list = screen.getByRole('list', { name: 'Lister badges' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Identity verified', 'Licensed agent']);
  });

  it('show nothing for a lister without them', () => {
    const { container } = render(
      <CardListerBadges lister={{ ...none, emailVerified: true, phoneVerified: true }} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('sit on the property card', () => {
    const property = makeProperty({ lister: { ...none, identityVerified: true } });
    renderRoute(<PropertyCard property={property} />, { path: '/', url: '/' });
    const list = screen.getByRole('list', { name: 'Lister badges' });
    expect(list.closest('article')).toBeTruthy();
    expect(list.textContent).toBe('Identity verified');
  });
});

describe('lister badges on the listing’s page', () => {
  const items = () =>
    within(screen.getByRole('region', { name: 'About the lister' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('explain each badge the lister earned in a line', () => {
    render(<ListerBadgeList lister={all} ownerUserType="agent" />);
    expect(items()).toEqual([
      'Identity verifiedOur team checked an official ID of the lister: a Ghana Card or a passport.',
      'Licensed agentOur team checked the agent’s licence.',
      'Phone verifiedThe lister proved that text messages reach them at their number.',
      'Email verifiedThe lister proved that emails reach them at their address.',
    ]);
  });

  it('say what was not checked, leave the licence out for an owner, and link to the lister’s page', () => {
    renderRoute(
      <ListerBadgeList lister={{ ...none, emailVerified: true }} ownerUserType="owner" />,
      { path: '/', url: '/' },
    );
    expect(items()).toEqual([
      'Identity not verified',
      'Phone not verified',
      'Email verifiedThe lister proved that emails reach them at their address.',
    ]);
    const page = screen.getByRole('link', { name: /the lister’s page/ });
    expect(page.getAttribute('href')).toBe('/listers/ama-0c41d2e9');
  });

  it('are on the property page, beside the listing’s own Verified badge', async () => {
    const property = makeProperty({
      ownerUserType: 'agent',
      lister: { ...none, identityVerified: true, licensedAgent: true },
    });
    mockApi({ [`GET /api/properties/${property.id}`]: () => json(property) });
    renderRoute(<PropertyDetailPage />, {
      path: '/property/:id',
      url: `/property/${property.id}`,
    });
    const section = await screen.findByRole('region', { name: 'About the lister' });
    expect(within(section).getByText('Identity verified')).toBeTruthy();
    expect(within(section).getByText('Licensed agent')).toBeTruthy();
    expect(screen.getByText('Reviewed by Abode').getAttribute('title')).toBe(
      'Our team checked this listing’s photos and details before it went live.',
    );
  });
});

describe('the listing’s reviewed badge (the spec’s Verified)', () => {
  it('says what it means on hover, on keyboard focus and to screen readers', () => {
    render(<ReviewedBadge />);
    const badge = screen.getByText('Reviewed by Abode');
    expect(badge.getAttribute('title')).toBe(
      'Our team checked this listing’s photos and details before it went live.',
    );
    // Reachable by keyboard, where a tooltip shows it; read as the badge's description.
    expect(badge.tabIndex).toBe(0);
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip.textContent).toBe(
      'Our team checked this listing’s photos and details before it went live.',
    );
    expect(badge.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.className).toContain('peer-focus-visible:block');
  });
});
