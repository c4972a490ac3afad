/**
 * For tests: Cache Storage as the service worker and the pages share it, in memory (jsdom has
 * none). `names()` is what is kept, cache by cache, for the assertions.
 */
export function fakeCaches(origin: string) {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: RequestInfo | URL) =>
    new URL(
      typeof request === 'string' ? request : request instanceof URL ? request.href : request.url,
      origin,
    ).href;
  const cache = (entries: Map<string, Response>) => ({
    match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
    put: async (request: RequestInfo | URL, response: Response) => {
      entries.set(key(request), response.clone());
    },
    delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
  });
  const storage = {
    has: async (name: string) => stores.has(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cache(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
  };
  return {
    storage: storage as unknown as CacheStorage,
    /** Puts `body` in the cache `name` at `path`, with `headers`. */
    keep: async (name: string, path: string, body: string, headers: Record<string, string> = {}) =>
      (await storage.open(name)).put(path, new Response(body, { headers })),
    /** The paths each cache holds, sorted. */
    names: () =>
      Object.fromEntries(
        [...stores].map(([name, entries]) => [
          name,
          [...entries.keys()].map((url) => new URL(url).pathname + new URL(url).search).sort(),
        ]),
      ),
  };
}
