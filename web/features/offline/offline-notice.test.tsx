import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noteAnswer, noteConnectionLost, noteRenderedAt } from '../../lib/connection';
import i18next, { i18nReady } from '../../lib/i18n';
import { OFFLINE_COPY_HEADER } from '../../lib/offline-rules';
import { OfflineNotice } from './offline-notice';

beforeAll(() => i18nReady);
afterEach(async () => {
  cleanup();
  act(() => noteAnswer(new Response('{}')));
  await i18next.changeLanguage('en');
});

describe('OfflineNotice', () => {
  it('shows nothing while the server answers', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the page was kept, since when, and that forms wait for the connection', () => {
    render(<OfflineNotice />);
    act(() =>
      noteAnswer(
        new Response('[]', { headers: { [OFFLINE_COPY_HEADER]: '2026-11-26T09:05:00Z' } }),
      ),
    );
    const text = screen.getByRole('status').textContent;
    expect(text).toContain("You're offline.");
    expect(text).toMatch(/You're seeing what you opened earlier \(saved Nov 26, 2026/);
    expect(text).toContain("Forms can be sent once you're back online.");
  });

  it('a server-rendered page opened from its offline copy says when it was saved (German)', async () => {
    await i18next.changeLanguage('de');
    render(<OfflineNotice />);
    act(() => noteRenderedAt('2026-11-26T09:05:00Z'));
    act(() => noteConnectionLost());
    expect(screen.getByRole('status').textContent).toMatch(
      /^Sie sind offline\. Sie sehen, was Sie früher geöffnet haben \(gespeichert am 26\.11\.2026, \d\d:05\)\. Formulare können Sie senden, sobald Sie wieder online sind\.$/,
    );
  });
});
