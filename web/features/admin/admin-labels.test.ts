import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActions } from '#common/admin';
import { notificationKinds } from '#common/deliveries';
import { auditActionLabels } from './audit-log';

/**
 * The Deliveries and Audit Log tabs show words, never the server's names (issue 34): every
 * kind of message and every logged action has a text in each of the five languages.
 */
const screensDir = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../locales/screens',
);

function has(tree: unknown, dotted: string[]): boolean {
  let node = tree;
  for (const part of dotted) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

describe.each(['en', 'fr', 'es', 'de', 'zh'])('admin labels in %s', (language) => {
  const texts: unknown = JSON.parse(
    fs.readFileSync(path.join(screensDir, `${language}.json`), 'utf8'),
  );

  it.each(notificationKinds)('names the notification kind %s', (kind) => {
    expect(has(texts, ['deliveries', 'kinds', kind])).toBe(true);
  });

  it.each(auditActions)('names the audit action %s', (action) => {
    expect(has(texts, auditActionLabels[action].split('.'))).toBe(true);
  });
});
