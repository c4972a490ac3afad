import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createPhotoQueue, UPLOAD_SHARES, type UploadClient } from './photo-queue';

let clients = 0;
/** A client of its own: another account at another address. */
const someone = (): UploadClient => {
  clients += 1;
  return { accountId: `account-${clients}`, address: `10.0.0.${clients}` };
};

const refusal = (admit: () => unknown): AppError => {
  try {
    admit();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('admitted');
};

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
    const first = queue.admit(someone());
    queue.admit(someone());
    expect(queue.inFlight).toBe(2);
    const refused = refusal(() => queue.admit(someone()));
    expect(refused.code).toBe('uploads_busy');
    expect(refused.statusCode).toBe(503);
    expect(refused.options.retryAfterSeconds).toBe(5);
    first();
    // Releasing twice gives back one place, not two.
    first();
    expect(queue.inFlight).toBe(1);
    queue.admit(someone());
    expect(() => queue.admit(someone())).toThrow(AppError);
  });

  it('shares are 2 requests per account and 4 per address by default', () => {
    expect(UPLOAD_SHARES).toEqual({ perAccount: 2, perAddress: 4 });
  });

  it('admits 2 requests of one account and refuses its 3rd at once with uploads_busy_account (429), whatever the address', () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 12 });
    const hog = someone();
    const first = queue.admit(hog);
    queue.admit({ ...hog, address: '10.9.9.9' });
    const refused = refusal(() => queue.admit({ ...hog, address: '10.9.9.8' }));
    expect(refused.code).toBe('uploads_busy_account');
    expect(refused.statusCode).toBe(429);
    expect(refused.options.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.options.params).toEqual({ max: 2 });
    // Others are admitted meanwhile; the account's own release gives it its place back.
    queue.admit(someone());
    first();
    queue.admit(hog);
    expect(queue.inFlight).toBe(3);
  });

  it('admits 4 requests from one address (different accounts) and refuses its 5th with uploads_busy_address (429)', () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 12 });
    const address = '10.7.7.7';
    const releases = [1, 2, 3, 4].map((n) => queue.admit({ accountId: `campus-${n}`, address }));
    const refused = refusal(() => queue.admit({ accountId: 'campus-5', address }));
    expect(refused.code).toBe('uploads_busy_address');
    expect(refused.statusCode).toBe(429);
    expect(refused.options.retryAfterSeconds).toBeGreaterThan(0);
    releases[0]!();
    queue.admit({ accountId: 'campus-5', address });
  });

  it('a refused request takes no place and counts against no share', () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1 });
    const release = queue.admit(someone());
    const waiting = someone();
    for (let i = 0; i < 3; i += 1) {
      expect(refusal(() => queue.admit(waiting)).code).toBe('uploads_busy');
    }
    expect(queue.inFlight).toBe(1);
    release();
    // Three refusals later, the account still has its whole share.
    queue.admit(waiting);
    expect(queue.inFlight).toBe(1);
  });
});
