/**
 * Zod probes `new Function` once to decide whether it may compile faster parsers, when its
 * first object schema is built. Our CSP (script-src 'self', no eval) refuses it, and the
 * refusal lands in the console and in Lighthouse's issues even though Zod copes. Zod reads
 * this shared global for its settings; jitless skips the probe. main.tsx imports this module
 * first, so it runs before any module that builds a schema, whichever chunk brings Zod.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });
