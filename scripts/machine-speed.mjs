/**
 * How fast this machine runs JavaScript on one core, now: a fixed mix of string, array and
 * object work (the kind a test run does) repeated for two seconds, printed as rounds per
 * second. `.ci/run` prints it before and after the tests, so that a CI time can be compared
 * between machines of one kind, whose speed differs (the same steps took 1.5 to 2.1 times as
 * long on one as on another), and a machine that slowed down during the run shows.
 *
 *   node scripts/machine-speed.mjs
 */
function round() {
  const words = [];
  for (let i = 0; i < 2_000; i += 1) words.push(`listing-${i % 97}-${i.toString(36)}`);
  const counts = new Map();
  for (const word of words) counts.set(word.slice(0, 10), (counts.get(word.slice(0, 10)) ?? 0) + 1);
  const sorted = words.map((word, i) => ({ word, price: (i * 7919) % 1000 }));
  sorted.sort((a, b) => a.price - b.price || a.word.localeCompare(b.word));
  return JSON.parse(JSON.stringify(sorted.slice(0, 50))).length + counts.size;
}

// A short warm-up, so the optimising compiler has run before the clock starts.
for (let i = 0; i < 50; i += 1) round();

/** Rounds per second over `ms`. */
function sample(ms) {
  let rounds = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    round();
    rounds += 1;
  }
  return Math.round((rounds * 1_000) / (performance.now() - started));
}

// Five samples: on a shared machine one second can be a third slower than the next, so the
// median is the figure and the range says how steady the machine was.
const samples = Array.from({ length: 5 }, () => sample(400)).sort((a, b) => a - b);
console.log(
  `machine speed: ${samples[2]} rounds/s on one core, median of 5 (${samples[0]}–${samples[4]}; ` +
    'scripts/machine-speed.mjs, higher is faster)',
);
