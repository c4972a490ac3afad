import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createPhotoQueue } from './photo-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('photo queue', () => {
  it('encodes one photo at a time with a concurrency of 1, in the order they came', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 10 });
    let running = 0;
    let mostAtOnce = 0;
    const finished: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        queue.encode(async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await tick();
          running -= 1;
          finished.push(n);
        }),
      ),
    );
    expect(mostAtOnce).toBe(1);
    expect(finished).toEqual([1, 2, 3, 4]);
  });

  it('goes on after a photo that fails', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 10 });
    const failed = queue.encode(() => Promise.reject(new Error('unreadable')));
    await expect(failed).rejects.toThrow('unreadable');
    await expect(queue.encode(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('admits maxInFlight requests, refuses the next with uploads_busy and Retry-After, and admits again after a release', () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 2 });
    const first = queue.admit();
    queue.admit();
    expect(queue.inFlight).toBe(2);
    let refused: unknown;
    try {
      queue.admit();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('uploads_busy');
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).options.retryAfterSeconds).toBe(5);
    first();
    // Releasing twice gives back one place, not two.
    first();
    expect(queue.inFlight).toBe(1);
    queue.admit();
    expect(() => queue.admit()).toThrow(AppError);
  });
});
