import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design the code follows lives in the repository (docs/design.md, with the specification
 * in docs/spec/): no file may point to a copy outside it, which a reader of a clone does not
 * have and which can change without the code (issue 17).
 */
const root = path.resolve(import.meta.dirname, '..');
const outside = [
  /\.\.\/shared\b/,
  /\bDESIGN\.md\b/,
  /\bSTACK-NOTES\.md\b/,
  /\/work\/(shared|main)\b/,
];

/** The files the repository holds (git's list: what a clone has). */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && file !== 'package-lock.json')
    .filter((file) => !/\.(png|jpe?g|webp|gif|ico|woff2?|mp4|mmdb|gz)$/.test(file));
}

describe('paths in the repository', () => {
  it('no file refers to a design, spec or note outside the repository', () => {
    const files = trackedFiles();
    expect(files).toContain('docs/design.md');
    const offenders = files.flatMap((file) => {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) return [];
      const text = fs.readFileSync(full, 'utf8');
      return outside.filter((pattern) => pattern.test(text)).map((p) => `${file}: ${p.source}`);
    });
    expect(offenders).toEqual([]);
  });

  it('every spec file the design names is in the repository', () => {
    const design = fs.readFileSync(path.join(root, 'docs/design.md'), 'utf8');
    const named = [...design.matchAll(/`(spec\/[\w-]+\.md)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(fs.existsSync(path.join(root, 'docs', file)), file).toBe(true);
  });
});
