import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { EICAR, aviFile, infectedMp4, mp4File, writeTestSignatures } from '../../testing/videos';
import {
  clamscanAvailable,
  clamscanScanner,
  createScanner,
  foundSignature,
  noScanner,
} from './scanner';
import { reportUnavailable } from '../../testing/unavailable-suites';

const logged: { level: string; message: string }[] = [];
const log = {
  info: (_: object, message: string) => logged.push({ level: 'info', message }),
  error: (_: object, message: string) => logged.push({ level: 'error', message }),
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-scan-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const file = (name: string, data: Buffer | string) => {
  const target = path.join(work, name);
  fs.writeFileSync(target, data);
  return target;
};

const hasClamscan = await clamscanAvailable();
// CI installs ClamAV (.ci/run); elsewhere these tests are skipped, and say so.
if (!hasClamscan && !process.env.CI) reportUnavailable('virus scans with ClamAV', 'no clamscan');
const withClamscan = hasClamscan || process.env.CI ? describe : describe.skip;

withClamscan('clamscan with the test signature database', () => {
  const scanner = clamscanScanner({
    database: writeTestSignatures(fs.mkdtempSync(path.join(work, 'cdb-'))),
    log,
  });

  it('is installed (CI must have it: .ci/run installs clamav)', () => {
    expect(hasClamscan).toBe(true);
  });

  it('finds the EICAR string inside a real MP4 container', async () => {
    expect(await scanner.scan(file('infected.mp4', infectedMp4()))).toEqual({
      result: 'infected',
      signature: 'Abode.Test.EICAR.UNOFFICIAL',
    });
  });

  it('finds the bare EICAR file', async () => {
    expect((await scanner.scan(file('eicar.com', EICAR))).result).toBe('infected');
  });

  it('answers clean for clean videos', async () => {
    expect(await scanner.scan(file('clean.mp4', mp4File()))).toEqual({ result: 'clean' });
    expect(await scanner.scan(file('clean.avi', aviFile()))).toEqual({ result: 'clean' });
  });

  it('reads files past clamscan’s default 100 MB limit instead of calling them clean', async () => {
    const big = Buffer.alloc(101 * 1024 * 1024, 0x20);
    Buffer.from(EICAR, 'latin1').copy(big, big.length - 200);
    expect((await scanner.scan(file('big.mp4', big))).result).toBe('infected');
    fs.rmSync(path.join(work, 'big.mp4'));
  });

  it('never answers clean when the scan fails: a missing file is unscanned, and logged', async () => {
    logged.length = 0;
    expect(await scanner.scan(path.join(work, 'missing.mp4'))).toEqual({ result: 'unscanned' });
    expect(logged.map((l) => l.level)).toEqual(['error']);
  });

  it('without a usable database every file is unscanned, never clean', async () => {
    const empty = fs.mkdtempSync(path.join(work, 'cdb-empty-'));
    const broken = clamscanScanner({ database: empty, log });
    expect(await broken.scan(file('clean2.mp4', mp4File()))).toEqual({ result: 'unscanned' });
  });
});

describe('scanner choice', () => {
  it('VIRUS_SCANNER defaults to auto; CLAMAV_DATABASE is resolved', () => {
    expect(loadConfig({}).virusScanner).toBe('auto');
    const config = loadConfig({ VIRUS_SCANNER: 'none', CLAMAV_DATABASE: 'cdb' });
    expect(config).toMatchObject({ virusScanner: 'none', clamavDatabase: path.resolve('cdb') });
    expect(() => loadConfig({ VIRUS_SCANNER: 'mcafee' })).toThrow(/VIRUS_SCANNER/);
  });

  it('none marks every file unscanned', async () => {
    expect(await noScanner.scan(file('any.mp4', mp4File()))).toEqual({ result: 'unscanned' });
    const scanner = createScanner({ virusScanner: 'none', clamavDatabase: undefined }, log);
    expect(scanner.name).toBe('none');
  });

  it('a scanner command that is not installed gives unscanned', async () => {
    const missing = clamscanScanner({ command: 'clamscan-not-installed', log });
    expect(await missing.scan(file('x.mp4', mp4File()))).toEqual({ result: 'unscanned' });
    expect(await clamscanAvailable('clamscan-not-installed')).toBe(false);
  });

  it('a scan that runs too long is stopped and gives unscanned', async () => {
    const command = file('slow-scanner.sh', '#!/bin/sh\nsleep 5\n');
    fs.chmodSync(command, 0o755);
    const slow = clamscanScanner({ command, timeoutMs: 100, log });
    const started = Date.now();
    expect(await slow.scan(file('y.mp4', mp4File()))).toEqual({ result: 'unscanned' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an exit code 1 without a FOUND line is a failure, not a verdict', async () => {
    const command = file('odd-scanner.sh', '#!/bin/sh\necho "usage: odd" >&2\nexit 1\n');
    fs.chmodSync(command, 0o755);
    const odd = clamscanScanner({ command, log });
    expect(await odd.scan(file('z.mp4', mp4File()))).toEqual({ result: 'unscanned' });
  });

  it('reads the signature name of a FOUND line', () => {
    expect(foundSignature('/q/v1.mp4: Win.Test.EICAR_HDB-1 FOUND\n')).toBe('Win.Test.EICAR_HDB-1');
    expect(foundSignature('/q/v1.mp4: OK\n')).toBeUndefined();
  });
});
