import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { localStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-storage-'));
const storage = localStorage(path.join(root, 'files'));

describe('local storage', () => {
  it('moves a local file in (putFile), states its size and streams a byte range', async () => {
    const source = path.join(root, 'upload.tmp');
    fs.writeFileSync(source, '0123456789');
    await storage.putFile('v1.mp4', source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await storage.stat('v1.mp4')).toEqual({ size: 10 });
    const whole = await storage.open('v1.mp4');
    expect(whole?.size).toBe(10);
    expect(await text(whole!.stream)).toBe('0123456789');
    const part = await storage.open('v1.mp4', { start: 2, end: 4 });
    expect(part?.size).toBe(10);
    expect(await text(part!.stream)).toBe('234');
  });

  it('answers null for a missing file and refuses unsafe names', async () => {
    expect(await storage.stat('missing.mp4')).toBeNull();
    expect(await storage.open('missing.mp4')).toBeNull();
    await expect(storage.putFile('../escape.mp4', path.join(root, 'x'))).rejects.toThrow(/Unsafe/);
    await expect(storage.stat('../../etc/passwd')).rejects.toThrow(/Unsafe/);
  });
});
