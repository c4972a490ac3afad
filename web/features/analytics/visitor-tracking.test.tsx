import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitorIdPattern } from '#common/analytics';
import { json, mockApi } from '../../testing/render';
import { useVisitorTracking } from './use-visitor-tracking';
import { newVisitorId, VISITOR_ID_KEY, visitorId } from './visitor-id';

describe('visitor id', () => {
  beforeEach(() => window.localStorage.clear());

  it('is "visitor", a timestamp and a random string, made once and kept', () => {
    expect(newVisitorId(1_763_700_000_000)).toMatch(/^visitor_1763700000000_[a-z0-9]{8}$/);
    const first = visitorId();
    expect(first).toMatch(visitorIdPattern);
    expect(window.localStorage.getItem(VISITOR_ID_KEY)).toBe(first);
    expect(visitorId()).toBe(first);
  });

  it('replaces a stored value that is not an id, and lives in memory where storage is refused', () => {
    window.localStorage.setItem(VISITOR_ID_KEY, '<script>');
    expect(visitorId()).toMatch(visitorIdPattern);
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const inMemory = visitorId(refusing);
    expect(inMemory).toMatch(visitorIdPattern);
    expect(visitorId(refusing)).toBe(inMemory);
  });
});

function Tracked() {
  useVisitorTracking();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/search')}>
      go
    </button>
  );
}

describe('useVisitorTracking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts each page load with the visitor id, URL and title; a quick redirect is not one', async () => {
    const api = mockApi({
      'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }),
    });
    document.title = 'Abode';
    const view = render(
      <MemoryRouter initialEntries={['/']}>
        <Tracked />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    act(() => view.getByRole('button').click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(api.fetch).toHaveBeenCalledTimes(1);
    const [, init] = api.fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      visitorId: window.localStorage.getItem(VISITOR_ID_KEY),
      pageUrl: window.location.href,
      pageTitle: 'Abode',
    });
  });

  it('only logs a failure', async () => {
    mockApi({ 'POST /api/analytics/track-visitor': () => json({ message: 'Too many' }, 429) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/']}>
        <Tracked />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(warn).toHaveBeenCalledWith('Visit not recorded', expect.any(Error));
    warn.mockRestore();
  });
});
