import { act, screen, waitFor } from '@testing-library/react';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Operator } from '#common/legal';
import { App } from './app';
import i18next from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { serverRenderedState } from './page-state';
import { reads } from './render-page';
import { answersFor, renderOnTheServer, serve } from './render-page-fixtures';
import { i18nReady, json, mockApi } from './testing/render';
import { renter } from './testing/properties';

// The legal pages arrive rendered by the server (issue 51), with the operator the server is
// configured with (OPERATOR_*, GET /api/legal/operator): a reader without JavaScript, a
// crawler and a slow phone read who runs Abode in the HTML itself.

vi.mock('./lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator: Operator = {
  name: 'Abode Ghana Limited',
  address: '12 Liberation Road, Airport Residential Area, Accra',
  jurisdiction: 'Ghana',
  disputeVenue: 'Accra, Ghana',
  email: 'legal@abode.example.gh',
};

async function rendered(url: string, { language = 'en', user = null as unknown } = {}) {
  return renderOnTheServer({
    url,
    language,
    dataSaver: false,
    answers: answersFor(url, { '/api/auth/user': user, '/api/legal/operator': operator }),
  });
}

/** The text of the HTML, tags and entities aside, as a reader without a script sees it. */
function textOf(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
}

describe('the legal pages, rendered on the server', () => {
  it('read who is signed in and the operator, nothing else', () => {
    for (const url of ['/privacy-policy', '/terms-of-service']) {
      expect(reads(url)?.map((read) => read.path)).toEqual([
        '/api/auth/user',
        '/api/legal/operator',
      ]);
    }
    expect(reads('/privacy-policy/x')).toBeNull();
  });

  it('the privacy policy: the configured operator, Act 843 and the Data Protection Commission are in the HTML', async () => {
    const page = await rendered('/privacy-policy');
    const text = textOf(page.html);
    expect(text).toContain('Privacy Policy');
    expect(text).toContain('Abode is run by Abode Ghana Limited, registered in Ghana');
    expect(text).toContain(
      'Registered address: 12 Liberation Road, Airport Residential Area, Accra.',
    );
    expect(text).toContain('Data Protection Act, 2012 (Act\u00a0843)');
    expect(text).toContain('Data Protection Commission');
    expect(page.html).toContain('href="mailto:legal@abode.example.gh"');
    // Every section is there, not a spinner.
    expect(page.html.match(/<h2 /g)).toHaveLength(12);
  });

  it('the terms: the configured operator and the Rent Act’s limit are in the HTML, in French too', async () => {
    const english = textOf((await rendered('/terms-of-service')).html);
    expect(english).toContain('between you and Abode Ghana Limited, registered in Ghana');
    expect(english).toContain('governed by the laws of Ghana');
    expect(english).toContain('binding arbitration in Accra, Ghana,');
    expect(english).toContain('Rent Act, 1963 (Act\u00a0220), section 25');
    expect(english).toContain('more than six months’ rent in advance');

    const french = textOf((await rendered('/terms-of-service', { language: 'fr' })).html);
    expect(french).toContain(
      'un accord entre vous et Abode Ghana Limited (immatriculation : Ghana)',
    );
    expect(french).toContain('Rent Act, 1963, Act\u00a0220');
  });

  it('a signed-in reader’s page is taken over by the app without a mismatch', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      'GET /api/legal/operator': () => json(operator),
      'GET /api/favorites': () => json([]),
    });
    const url = '/terms-of-service';
    const page = await rendered(url, { user: renter });
    const container = serve(url, page);
    const serverMain = container.querySelector('main')!.innerHTML;
    const state = serverRenderedState();
    const queryClient = createQueryClient();
    hydrate(queryClient, state!.queries);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    // The page's code and words load as they would in the browser, then React takes over
    // the server's nodes.
    const takenOver = (node: Element) => Object.keys(node).some((k) => k.startsWith('__react'));
    const h1 = screen.getByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(takenOver(h1)).toBe(true));
    expect(errors).toEqual([]);
    const sharedRealm = /multiple renderers concurrently rendering the same context provider/;
    expect(consoleError.mock.calls.filter((call) => !sharedRealm.test(String(call[0])))).toEqual(
      [],
    );
    // The page itself is the server's, node for node (the header's counts are the app's own).
    expect(container.querySelector('main')!.innerHTML).toBe(serverMain);
    expect(screen.getByText(/Abode Ghana Limited \(registered address/)).toBeTruthy();
  });
});
