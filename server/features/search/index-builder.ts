import { runAtOnce, SLICE, type Work } from './index-build';
import { Orders } from './index-orders';
import { Slots } from './index-slots';
import { TextPostingsBuilder } from './index-text';
import { TypoIndexBuilder } from './index-typos';
import { ListingIndex, newestFirst, type IndexedListing } from './listing-index';

/**
 * An index built a listing at a time, newest first (created_at DESC, id DESC: the order of the
 * slots), as the loader reads them in batches; then finished in slices (index-build.ts).
 */
export class IndexBuilder {
  private readonly slots = new Slots(1024);
  private readonly text = new TextPostingsBuilder();
  private readonly typos = new TypoIndexBuilder();
  private last: IndexedListing | null = null;

  get count(): number {
    return this.slots.count;
  }

  add(listing: IndexedListing): void {
    if (this.last && newestFirst(this.last, listing) >= 0) {
      throw new Error(`listings must come newest first: ${this.last.id} then ${listing.id}`);
    }
    this.last = listing;
    this.slots.place(listing);
    this.text.add(listing.vector);
    this.typos.add(listing.text);
  }

  *finish(): Work<ListingIndex> {
    this.last = null;
    const baseCount = this.slots.count;
    const text = yield* this.text.finish();
    const typos = yield* this.typos.finish();
    const orders = yield* Orders.build(this.slots, baseCount);
    yield* this.slots.filters.buildBase(baseCount);
    return new ListingIndex({ slots: this.slots, baseCount, text, typos, orders });
  }
}

/** An index of these live listings, built at once (tests, small catalogues). */
export function buildIndex(listings: readonly IndexedListing[]): ListingIndex {
  const builder = new IndexBuilder();
  for (const listing of listings.slice().sort(newestFirst)) builder.add(listing);
  return runAtOnce(builder.finish());
}

/** A fresh build of the listings live in an index (the changes folded in), in slices. */
export function* compaction(index: ListingIndex): Work<ListingIndex> {
  const builder = new IndexBuilder();
  for (const listing of index.liveNewestFirst()) {
    builder.add(listing);
    if ((builder.count & (SLICE - 1)) === 0) yield;
  }
  return yield* builder.finish();
}

/** A fresh build of the listings live in an index, at once. */
export const compacted = (index: ListingIndex): ListingIndex => runAtOnce(compaction(index));
