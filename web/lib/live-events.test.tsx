import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubEventSource } from '../testing/event-source';
import { REFUSED_RETRY_MS, useLiveEvent } from './live-events';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Listener({
  type,
  seen,
}: {
  type: 'listing.status' | 'moderation.queue-changed';
  seen: unknown[];
}) {
  useLiveEvent(type, (data) => seen.push(data));
  return null;
}

describe('useLiveEvent', () => {
  it('shares one stream between listeners, hands each its own type, and closes it when none is left', () => {
    const sources = stubEventSource();
    const statuses: unknown[] = [];
    const queue: unknown[] = [];
    const first = render(<Listener type="listing.status" seen={statuses} />);
    const second = render(<Listener type="moderation.queue-changed" seen={queue} />);
    expect(sources.open()).toHaveLength(1);
    expect(sources.open()[0]!.url).toBe('/api/events');
    const data = { listingId: 'a', title: 'Osu flat', status: 'live', rejected: false };
    act(() => sources.open()[0]!.emit('listing.status', data));
    expect(statuses).toEqual([data]);
    expect(queue).toEqual([]);
    first.unmount();
    expect(sources.open()).toHaveLength(1);
    second.unmount();
    expect(sources.open()).toHaveLength(0);
  });

  it('tries a refused stream again a minute later, while someone still listens', () => {
    vi.useFakeTimers();
    const sources = stubEventSource();
    const view = render(<Listener type="listing.status" seen={[]} />);
    act(() => sources.open()[0]!.refuse());
    expect(sources.open()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(REFUSED_RETRY_MS - 1));
    expect(sources.open()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(sources.open()).toHaveLength(1);
    view.unmount();
    expect(sources.open()).toHaveLength(0);
  });
});
