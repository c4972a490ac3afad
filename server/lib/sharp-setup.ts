import sharp from 'sharp';

// Photo processing holds a bounded amount of memory (issue 22): no upload is encoded twice, so
// libvips's cache of operations would only keep pixels alive; and one libvips thread per image
// leaves the other core to the requests (on the 2-core servers this runs on) and keeps fewer
// thread-local heaps. Uploads wait their turn in server/lib/photo-queue.ts.
sharp.cache(false);
sharp.concurrency(1);

/** 50 megapixels: far beyond any phone photo, and a bound on what a small hostile file can make sharp allocate. */
export const decodeOptions = { failOn: 'error', limitInputPixels: 50_000_000 } as const;

export { sharp };
