/**
 * Scans run one at a time: clamscan loads its whole signature set for every file (about a
 * gigabyte of memory with the official database), so two at once could exhaust a small
 * server. An administrator's edited video, which someone is waiting for, goes first.
 */
export function scanQueue() {
  const waiting: { start: () => Promise<void>; cancel: () => void }[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const next = () => {
    const item = closed ? undefined : waiting.shift();
    if (!item) {
      running = null;
      return;
    }
    running = item.start().finally(next);
  };

  return {
    /** Runs `job` after those ahead of it; `urgent` puts it first in line. */
    run<T>(job: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const item = {
          start: () => job().then(resolve, reject),
          cancel: () => reject(new Error('The server is closing')),
        };
        if (closed) return item.cancel();
        if (options.urgent) waiting.unshift(item);
        else waiting.push(item);
        if (!running) next();
      });
    },
    /** Resolves once nothing is running or waiting (tests wait for background scans). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /**
     * Lets the running scan finish and drops the waiting ones: their videos stay `scanning`
     * and are scanned again when the server starts.
     */
    async close(): Promise<void> {
      closed = true;
      for (const item of waiting.splice(0)) item.cancel();
      while (running) await running;
    },
    get length() {
      return waiting.length + (running ? 1 : 0);
    },
  };
}

export type ScanQueue = ReturnType<typeof scanQueue>;
