type Scheduler = { yield?: () => Promise<void> };

/**
 * Gives the main thread back to the browser for a moment (input, painting), then goes on:
 * `scheduler.yield()` where the browser has it (the continuation goes first in line), else a
 * message to ourselves, which unlike setTimeout(0) is not clamped to 4 ms or more.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
