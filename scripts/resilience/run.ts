/**
 * `npm run test:resilience`: the load and fault scenarios of issue 9, on loopback only, each
 * bounded in time, then a summary table with the figures of each. Exits 1 when any assertion
 * failed (the summary says which and why); child processes and temporary folders are removed
 * in every case, Ctrl-C included.
 *
 * Every scenario starts its own server on its own port and data (PGlite folder or throwaway
 * PostgreSQL cluster), so they do not see each other. A scenario alone keeps about one core
 * busy (the server, or its start-up), so by default they run in two lanes, each a process of
 * its own (the harness cleans up per process), with their lines prefixed by the lane:
 * about 40 % less time on two cores. `--serial` runs them one after another in this process,
 * for figures measured without a neighbour.
 *
 *   npm run test:resilience -- [--only load,postgres-restart,sigkill-pglite,sigkill-postgres,sms-outage]
 *                              [--serial] [--duration 60] [--pglite-rounds 5] [--postgres-rounds 3] [--seed N]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { installSignalHandlers, printSummary, type ScenarioResult } from './harness';
import { runLanes } from './lanes';
import { loadScenario } from './load';
import { postgresRestartScenario } from './postgres-restart';
import { sigkillScenario } from './sigkill';
import { smsOutageScenario } from './sms-outage';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    serial: { type: 'boolean', default: false },
    'result-file': { type: 'string' },
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
/**
 * The two lanes, about equal in time alone (load 110 s + restart 37 s + sigkill on
 * PostgreSQL 31 s; sigkill on PGlite 93 s + SMS outage 107 s, of which about 75 s is waiting
 * for the texts that were in flight at the SIGKILL to expire and be sent again).
 */
const lanes = [
  ['load', 'postgres-restart', 'sigkill-postgres'],
  ['sigkill-pglite', 'sms-outage'],
];

const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !scenarios.some(([known]) => known === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown scenario ${unknown.join(', ')}: use ${scenarios.map(([n]) => n).join(', ')}`,
  );
  process.exit(2);
}
const chosen = scenarios.filter(([name]) => !only || only.includes(name));

if (!values['result-file']) {
  console.log(`Resilience scenarios (seed ${seed}; repeat a run with --seed ${seed})`);
}
const results: ScenarioResult[] = [];
let lanesMs: number | undefined;
const laneNames = lanes
  .map((lane) => lane.filter((name) => chosen.some(([known]) => known === name)))
  .filter((lane) => lane.length > 0);
if (values.serial || values['result-file'] || laneNames.length < 2) {
  for (const [, scenario] of chosen) results.push(await scenario());
} else {
  // Each lane runs this script again with --only and the options given here.
  const passOn = ['duration', 'connections', 'pglite-rounds', 'postgres-rounds'] as const;
  const options = [
    '--seed',
    String(seed),
    ...passOn.flatMap((name) => [`--${name}`, String(values[name])]),
  ];
  const lanesRun = await runLanes(import.meta.filename, laneNames, options);
  results.push(...lanesRun.results);
  lanesMs = lanesRun.elapsedMs;
}
// A lane hands its results to the parent, which prints the one summary.
if (values['result-file']) writeFileSync(values['result-file'], JSON.stringify(results));
else printSummary(results, lanesMs);
process.exit(results.every((result) => result.ok) ? 0 : 1);
