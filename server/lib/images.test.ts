import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto } from './images';

const jpeg = (width: number, height: number, orientation?: number) => {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

describe('encodePhoto', () => {
  it('makes a WebP variant at each fixed width the photo reaches, in order', async () => {
    const photo = await encodePhoto(await jpeg(1300, 900));
    expect(photo.width).toBe(1300);
    expect(photo.height).toBe(900);
    expect(photo.variants.map((v) => v.width)).toEqual([400, 800, 1200]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((900 * variant.width) / 1300));
    }
  });

  it('keeps a photo narrower than the smallest width at its own width', async () => {
    const photo = await encodePhoto(await jpeg(300, 200));
    expect(photo.variants.map((v) => v.width)).toEqual([300]);
  });

  it('turns a photo by its EXIF orientation: a portrait taken sideways is stored upright', async () => {
    // Stored 1000 × 600, orientation 6 (turn 90°): the photo is 600 wide and 1000 high.
    const photo = await encodePhoto(await jpeg(1000, 600, 6));
    expect(photo.width).toBe(600);
    expect(photo.height).toBe(1000);
    expect(photo.variants.map((v) => v.width)).toEqual([400]);
    const meta = await sharp(photo.variants[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([400, 667]);
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a JPEG cut short', async () => {
    const whole = await jpeg(1000, 800);
    await expect(encodePhoto(whole.subarray(0, whole.length / 2))).rejects.toThrow();
  });
});
