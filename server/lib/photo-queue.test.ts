import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import {
  createPhotoQueue,
  UPLOAD_QUEUE_WAIT_MS,
  UPLOAD_SHARES,
  type UploadClient,
} from './photo-queue';

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

/** What became of a request in the line: the release once admitted, or the refusal. */
function settle(entering: Promise<() => void>) {
  const state: { release?: () => void; error?: AppError } = {};
  entering.then(
    (release) => (state.release = release),
    (error: AppError) => (state.error = error),
  );
  return state;
}
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the photo queue’s fair line (issue 50)', () => {
  it('waits 30 s for a place by default', () => {
    expect(UPLOAD_QUEUE_WAIT_MS).toBe(30_000);
  });

  it('admits at once while a place is free', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 2 });
    const release = await queue.enter(someone());
    expect(queue.inFlight).toBe(1);
    expect(queue.waiting).toBe(0);
    release();
    expect(queue.inFlight).toBe(0);
  });

  it('on a full server, gives a freed place to the account holding fewest places, then the address, then the first come', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 3 });
    const hog = { accountId: 'hog', address: '10.1.1.1' };
    const hogPlace = queue.admit(hog);
    const neighbourPlace = queue.admit({ accountId: 'neighbour', address: '10.2.2.2' });
    const lastPlace = queue.admit(someone());
    // In the order they come: the hog again (it holds a place), a newcomer at the
    // neighbour's address (which holds a place), and a newcomer from elsewhere.
    const hogAgain = settle(queue.enter(hog));
    const atNeighbours = settle(queue.enter({ accountId: 'flatmate', address: '10.2.2.2' }));
    const elsewhere = settle(queue.enter({ accountId: 'stranger', address: '10.3.3.3' }));
    const alsoElsewhere = settle(queue.enter({ accountId: 'visitor', address: '10.4.4.4' }));
    expect(queue.waiting).toBe(4);

    lastPlace();
    await settled();
    expect(elsewhere.release, 'no places by account or address, and first').toBeDefined();
    expect([hogAgain, atNeighbours, alsoElsewhere].map((s) => s.release)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    elsewhere.release!();
    await settled();
    expect(alsoElsewhere.release).toBeDefined();
    alsoElsewhere.release!();
    await settled();
    // The flatmate's account holds no place and the hog's one: the flatmate's turn, though
    // the hog came first.
    expect(atNeighbours.release).toBeDefined();
    expect(hogAgain.release).toBeUndefined();
    neighbourPlace();
    await settled();
    expect(hogAgain.release).toBeDefined();
    hogAgain.release!();
    atNeighbours.release!();
    hogPlace();
    expect(queue.inFlight).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('answers uploads_busy (503, Retry-After) to a request still waiting after waitMs, and gives its share back', async () => {
    vi.useFakeTimers();
    try {
      const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1, waitMs: 1_000 });
      const release = queue.admit(someone());
      const waiter = someone();
      const entering = settle(queue.enter(waiter));
      await vi.advanceTimersByTimeAsync(999);
      expect(entering.error).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(entering.error?.code).toBe('uploads_busy');
      expect(entering.error?.statusCode).toBe(503);
      expect(entering.error?.options.retryAfterSeconds).toBeGreaterThan(0);
      expect(queue.waiting).toBe(0);
      // Its whole share is there again: two more may wait.
      const again = [settle(queue.enter(waiter)), settle(queue.enter(waiter))];
      await vi.advanceTimersByTimeAsync(0);
      expect(again.map((state) => state.error)).toEqual([undefined, undefined]);
      expect(queue.waiting).toBe(2);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(again[0]!.release).toBeDefined();
      expect(queue.inFlight).toBe(1);
      again[0]!.release!();
      await vi.advanceTimersByTimeAsync(0);
      again[1]!.release!();
      expect(queue.inFlight).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a request whose client went away out of the line', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1 });
    const release = queue.admit(someone());
    const gone = new AbortController();
    const entering = settle(queue.enter(someone(), { signal: gone.signal }));
    const next = settle(queue.enter(someone()));
    gone.abort();
    await settled();
    expect(entering.error).toBeInstanceOf(AppError);
    expect(queue.waiting).toBe(1);
    release();
    await settled();
    expect(next.release).toBeDefined();
    expect(queue.inFlight).toBe(1);
  });

  it('counts waiting requests against the shares', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1, maxWaiting: 10 });
    const hog = someone();
    queue.admit(hog);
    void queue.enter({ ...hog, address: '10.251.0.1' }).catch(() => {});
    await expect(queue.enter({ ...hog, address: '10.251.0.2' })).rejects.toMatchObject({
      code: 'uploads_busy_account',
    });
    const address = '10.252.0.1';
    for (let n = 0; n < 4; n += 1) {
      void queue.enter({ accountId: `campus-${n}`, address }).catch(() => {});
    }
    await expect(queue.enter({ accountId: 'campus-4', address })).rejects.toMatchObject({
      code: 'uploads_busy_address',
    });
    expect(queue.waiting).toBe(5);
  });

  it('keeps at most maxWaiting in the line and refuses the next at once with uploads_busy', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1, maxWaiting: 2 });
    queue.admit(someone());
    void queue.enter(someone()).catch(() => {});
    void queue.enter(someone()).catch(() => {});
    await expect(queue.enter(someone())).rejects.toMatchObject({ code: 'uploads_busy' });
    expect(queue.waiting).toBe(2);
  });

  it('admit does not pass those waiting: it refuses while they wait', async () => {
    const queue = createPhotoQueue({ concurrency: 1, maxInFlight: 1 });
    const release = queue.admit(someone());
    const waiting = settle(queue.enter(someone()));
    release();
    expect(refusal(() => queue.admit(someone())).code).toBe('uploads_busy');
    await settled();
    expect(waiting.release).toBeDefined();
  });
});
