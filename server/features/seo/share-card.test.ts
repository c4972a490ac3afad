import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHARE_CARD } from './site';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('the share card', () => {
  // Link previews lay the card out from og:image:width and height before it arrives.
  it('is a PNG of the size the page heads announce', async () => {
    const file = path.join(publicDir, SHARE_CARD.path);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('png');
    expect({ width: meta.width, height: meta.height }).toEqual({
      width: SHARE_CARD.width,
      height: SHARE_CARD.height,
    });
    // Small enough to be fetched on a slow line by every preview.
    expect(fs.statSync(file).size).toBeLessThan(100_000);
  });
});
