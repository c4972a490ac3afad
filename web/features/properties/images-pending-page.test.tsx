import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import ImagesPendingPage from './images-pending-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const show = (url: string) => {
  mockApi({});
  renderRoute(<ImagesPendingPage />, { path: '/images-pending-approval', url });
};
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('images pending approval page', () => {
  it('explains the status, the three stages and what happens next', () => {
    show('/images-pending-approval');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Property Is Under Review' }));
    expect(screen.getByText('Under Review')).toBeTruthy();
    const stages = screen.getByRole('heading', { name: 'Approval progress' }).parentElement!;
    expect(stages.textContent).toContain('Property Details');
    expect(stages.textContent).toContain('Submitted');
    expect(stages.textContent).toContain('Image Review');
    expect(stages.textContent).toContain('In progress');
    expect(stages.textContent).toContain('Go Live');
    expect(screen.getByText(/within 24-48 hours/)).toBeTruthy();
    expect(screen.getByText(/goes live automatically/)).toBeTruthy();
    expect(screen.getByText('Start receiving inquiries')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tips while you wait' })).toBeTruthy();
  });

  it('links back to the dashboard, to list another property and to support', () => {
    show('/images-pending-approval');
    expect(href('Back to Dashboard')).toBe('/dashboard');
    expect(href('List Another Property')).toBe('/list-property');
    expect(href('Contact Support')).toBe('/support');
  });

  it('offers the preview only when the URL names the listing', () => {
    show('/images-pending-approval');
    expect(screen.queryByRole('link', { name: 'View Property Preview' })).toBeNull();
  });

  it('links the preview to the listing page', () => {
    show('/images-pending-approval?propertyId=abc-123');
    expect(href('View Property Preview')).toBe('/property/abc-123');
  });
});
