// The two stores @fastify/rate-limit keeps in its package, which it does not type (its store
// type lacks `read`). rate-limits.ts wraps them: Redis shared by every server, and memory
// standing in while Redis cannot be reached.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  export type StoreCallback = (
    error: Error | null,
    result: { current: number; ttl: number } | null,
  ) => void;
  export interface PluginStore {
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    child(routeOptions: object): PluginStore;
  }
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    nameSpace?: string,
  ) => PluginStore;
  export default RedisStore;
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { PluginStore } from '@fastify/rate-limit/store/RedisStore.js';

  const LocalStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache?: number,
  ) => PluginStore;
  export default LocalStore;
}
