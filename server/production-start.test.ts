import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from './demo/seed';
import { freePort } from './testing/free-port';
import {
  exitWithin,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from './testing/server-process';
import { testDatabaseKind } from './testing/test-database';
import { repoRoot } from './paths';

/**
 * The demo accounts' password is published in the README: a production server must never
 * load them (issue 15). Real processes on a fresh embedded data directory, as `npm start`
 * runs on a new server. Embedded only: the PostgreSQL run would test the same code.
 */
const enabled = testDatabaseKind() === 'pglite';
const folders: string[] = [];
const started: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => stopServerProcess(server)));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}, 30_000);

async function startProduction(
  env: Record<string, string>,
  dataDir = newFolder(),
): Promise<ServerProcess> {
  const server = startServerProcess('production', await freePort(), {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  started.push(server);
  return server;
}

function newFolder(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-production-'));
  folders.push(dataDir);
  return dataDir;
}

describe.skipIf(!enabled)('a production server and the demo data', () => {
  it('starts an empty embedded database without the demo accounts and says how to make an administrator', async () => {
    const server = await startProduction({});
    await waitForHealth(server, 60_000);
    for (const account of demoAccounts) {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      expect(response.status, account.email).toBe(401);
    }
    const search = await fetch(`${server.url}/api/properties/search`);
    expect(((await search.json()) as { total: number }).total).toBe(0);
    // The banner is printed once the server listens, right after /api/health answers.
    await expect
      .poll(() => server.output.join(''), { timeout: 5_000 })
      .toContain('npm run create-admin');
    const output = server.output.join('');
    expect(output).toContain('No administrator yet');
    expect(output).not.toContain(DEMO_PASSWORD);
    expect(output).not.toContain('admin@example.com');
  }, 90_000);

  it('refuses to start with SEED_DEMO=true, naming the variable', async () => {
    const server = await startProduction({ SEED_DEMO: 'true' });
    expect(await exitWithin(server, 30_000)).toBe(1);
    const output = server.output.join('');
    expect(output).toContain('SEED_DEMO');
    expect(output).toContain('NODE_ENV=production');
  }, 40_000);

  it('refuses to start on a folder a development start seeded, saying how to remove the demo or use another folder', async () => {
    // Both default to ./data: `npm start` to try Abode, then NODE_ENV=production on the same.
    const dataDir = newFolder();
    const development = startServerProcess('development', await freePort(), {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    started.push(development);
    await waitForHealth(development, 90_000);
    await stopServerProcess(development);

    const production = await startProduction({}, dataDir);
    expect(await exitWithin(production, 60_000)).toBe(1);
    const output = production.output.join('');
    expect(output).toContain('still have the demo password');
    for (const account of demoAccounts) expect(output).toContain(account.email);
    expect(output).toContain('npm run remove-demo');
    expect(output).toContain('DATA_DIR=');
    expect(output).not.toContain(DEMO_PASSWORD);

    // What the message says to do works: the demo goes, and production starts on the folder.
    const removal = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/remove-demo.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(removal.status, removal.stderr).toBe(0);
    expect(removal.stdout).toContain('admin@example.com');
    const again = await startProduction({}, dataDir);
    await waitForHealth(again, 60_000);
    const search = await fetch(`${again.url}/api/properties/search`);
    expect(((await search.json()) as { total: number }).total).toBe(0);
  }, 240_000);

  it('with ADMIN_EMAIL and ADMIN_PASSWORD, creates that administrator and no demo account', async () => {
    const server = await startProduction({
      ADMIN_EMAIL: 'owner.of.site@example.com',
      ADMIN_PASSWORD: 'A long and private 2026 passphrase',
    });
    await waitForHealth(server, 60_000);
    const admin = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'owner.of.site@example.com',
        password: 'A long and private 2026 passphrase',
      }),
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
    await expect.poll(() => server.output.join(''), { timeout: 5_000 }).toContain('running at');
    expect(server.output.join('')).not.toContain('No administrator yet');
  }, 90_000);
});

async function npmStart(dataDir: string): Promise<ServerProcess> {
  const server = startServerProcess(
    'npm start',
    await freePort(),
    { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    'npmStart',
  );
  started.push(server);
  return server;
}

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-npm-start-'));
  folders.push(dataDir);
  return dataDir;
}

/** The pid of the launcher's one child: the server. */
function serverPid(launcher: ServerProcess): number {
  const pid = launcher.child.pid!;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  expect(children.split(' ')).toHaveLength(1);
  return Number(children);
}

const isRunning = (pid: number) => fs.existsSync(`/proc/${pid}`);

/**
 * `npm start` (scripts/start.mjs) builds what is stale, then runs the built server as its
 * child with the memory settings of issue 22, and the two end together.
 */
describe.skipIf(!enabled || process.platform !== 'linux')('npm start', () => {
  it('runs the built server as a child with two malloc heaps and a small, slowly growing heap, serving the web app', async () => {
    const launcher = await npmStart(newDataDir());
    // A first start on a fresh checkout builds the web app and the server first.
    await waitForHealth(launcher, 240_000);
    const pid = serverPid(launcher);
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('--max-semi-space-size=2');
    expect(commandLine).toContain('--optimize-for-size');
    expect(commandLine.at(-2)).toBe('dist/server/main.mjs');
    const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
    // Rendered by the server, with the renderer the build wrote beside the web app.
    const page = await fetch(`${launcher.url}/search`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<div id="root"><.+<\/div>/s);
    expect(html).toContain('<script type="application/json" id="abode-page-state">');
    // Each build's service worker names that build (a hash of its index.html), so a deploy
    // is a new worker the browser installs on the next visit.
    const indexHtml = fs.readFileSync(path.join(repoRoot, 'dist/web/index.html'));
    const buildId = createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
    expect(fs.readFileSync(path.join(repoRoot, 'dist/web/sw.js'), 'utf8')).toContain(buildId);

    // SIGTERM (a service manager stopping it) reaches the server, which closes cleanly.
    launcher.child.kill('SIGTERM');
    expect(await exitWithin(launcher, 15_000)).toBe(0);
    expect(isRunning(pid)).toBe(false);
  }, 300_000);

  it('closes the server when the start script is killed, so the data folder can be opened again', async () => {
    const dataDir = newDataDir();
    const first = await npmStart(dataDir);
    await waitForHealth(first, 240_000);
    const pid = serverPid(first);
    first.child.kill('SIGKILL');
    await expect.poll(() => isRunning(pid), { timeout: 15_000 }).toBe(false);

    const second = await npmStart(dataDir);
    await waitForHealth(second, 60_000);
  }, 300_000);
});
