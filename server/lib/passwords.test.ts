import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordList, isCommonPassword } from './passwords';

describe('common passwords', () => {
  it('ships the 10 000 most common passwords under a header naming their source', () => {
    const [header, ...lines] = fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .trimEnd()
      .split('\n');
    expect(header).toMatch(/^# .*SecLists.*MIT/);
    expect(lines).toHaveLength(10_000);
    expect(lines.every((line) => line.length > 0 && line === line.trim())).toBe(true);
    // Case variants (Password, PASSWORD) fold into one entry.
    expect(commonPasswordList().size).toBeGreaterThan(9_800);
  });

  it.each(['password', '123456', 'qwerty123', 'iloveyou', '12345678', 'Password', 'QWERTY123'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery', 'Abode-demo-2026', 'violet-kettle-51-harbour', ''])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
