/**
 * A throwaway PostgreSQL cluster of the scenarios' own (never the machine's shared server):
 * initdb into a temporary folder, a free loopback port, trust authentication, its socket in
 * that folder. It can be stopped and started again (`pg_ctl stop -m fast` / start) while a
 * server uses it, and is stopped and removed at cleanup, Ctrl-C included.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, onCleanup, onExitSync, run, tempDir } from './harness';

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  throw new Error('PostgreSQL binaries not found: set PG_BIN to the folder holding initdb');
}

/** initdb and postgres refuse to run as root: as root, run them as the postgres user. */
function asOwner(command: string, args: readonly string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  return [command, [...args]];
}

export type Cluster = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: refuses new connections, ends the open ones, waits. */
  stop: () => Promise<void>;
  /** `pg_ctl start -w`: resolves when it accepts connections. */
  start: () => Promise<void>;
  /** A client of its own (for checking what was written), closed by the caller. */
  connect: () => Promise<pg.Client>;
};

export async function startPostgresCluster(): Promise<Cluster> {
  const bin = binDir();
  const dir = tempDir('pg');
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (owner.status !== 0) throw new Error('running as root needs a postgres user for initdb');
    fs.chownSync(dir, Number(owner.stdout), Number(group.stdout));
  }
  const pgCtl = (args: string[]) =>
    run(...asOwner(path.join(bin, 'pg_ctl'), ['-D', data, ...args]), { timeoutMs: 60_000 });
  await run(
    ...asOwner(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]),
  );
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=100',
    '-c shared_buffers=32MB',
  ].join(' ');
  const start = () => pgCtl(['-l', path.join(dir, 'postgres.log'), '-o', options, '-w', 'start']);
  await start();
  const stopImmediately = () =>
    spawnSync(...asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']), {
      stdio: 'ignore',
    });
  const forgetExitHook = onExitSync(stopImmediately);
  // Registered after tempDir's removal, so it runs first.
  onCleanup(`stop PostgreSQL on port ${port}`, () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) stopImmediately();
    forgetExitHook();
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    stop: async () => {
      await pgCtl(['-m', 'fast', '-w', 'stop']);
    },
    start: async () => {
      await start();
    },
    connect: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
  };
}
