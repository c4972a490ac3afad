/**
 * `npm run test:resilience`: the load and fault scenarios of issue 9, in order, on loopback
 * only, each bounded in time, then a summary table with the figures of each. Exits 1 when
 * any assertion failed (the summary says which and why); child processes and temporary
 * folders are removed in every case, Ctrl-C included.
 *
 *   npm run test:resilience -- [--only load,postgres-restart,sigkill-pglite,sigkill-postgres,sms-outage]
 *                              [--duration 60] [--pglite-rounds 5] [--postgres-rounds 3] [--seed N]
 */
import { parseArgs } from 'node:util';
import { installSignalHandlers, printSummary, type ScenarioResult } from './harness';
import { loadScenario } from './load';
import { postgresRestartScenario } from './postgres-restart';
import { sigkillScenario } from './sigkill';
import { smsOutageScenario } from './sms-outage';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    'pglite-rounds': { type: 'string', default: '5' },
    'postgres-rounds': { type: 'string', default: '3' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});

installSignalHandlers();
const seed = Number(values.seed);
const scenarios: [string, () => Promise<ScenarioResult>][] = [
  [
    'load',
    () =>
      loadScenario({
        durationMs: Number(values.duration) * 1000,
        connections: Number(values.connections),
        seed,
      }),
  ],
  ['postgres-restart', () => postgresRestartScenario({ seed })],
  [
    'sigkill-pglite',
    () => sigkillScenario({ driver: 'pglite', rounds: Number(values['pglite-rounds']), seed }),
  ],
  [
    'sigkill-postgres',
    () => sigkillScenario({ driver: 'postgres', rounds: Number(values['postgres-rounds']), seed }),
  ],
  ['sms-outage', () => smsOutageScenario()],
];
const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !scenarios.some(([known]) => known === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown scenario ${unknown.join(', ')}: use ${scenarios.map(([n]) => n).join(', ')}`,
  );
  process.exit(2);
}

console.log(`Resilience scenarios (seed ${seed}; repeat a run with --seed ${seed})`);
const results: ScenarioResult[] = [];
for (const [name, scenario] of scenarios) {
  if (only && !only.includes(name)) continue;
  results.push(await scenario());
}
printSummary(results);
process.exit(results.every((result) => result.ok) ? 0 : 1);
