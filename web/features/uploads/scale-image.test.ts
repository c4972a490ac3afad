import { describe, expect, it, vi } from 'vitest';
import {
  needsScaling,
  scaledSize,
  scaleDownImage,
  SCALE_ABOVE_BYTES,
  type ImageTools,
} from './scale-image';

const fileOf = (bytes: number, type: string, name = 'photo.jpg') =>
  new File([new Uint8Array(bytes)], name, { type, lastModified: 1 });

function fakeTools(size: { width: number; height: number }, encoded: Record<string, number>) {
  const close = vi.fn();
  const tools: ImageTools = {
    decode: vi.fn(async () => ({ ...size, source: {} as CanvasImageSource, close })),
    encode: vi.fn(async (_image, _size, type) =>
      encoded[type] === undefined ? null : new Blob([new Uint8Array(encoded[type]!)], { type }),
    ),
  };
  return { tools, close };
}

describe('scaledSize', () => {
  it('fits the long side into 2400 px and keeps the ratio', () => {
    expect(scaledSize({ width: 4000, height: 3000 })).toEqual({ width: 2400, height: 1800 });
    expect(scaledSize({ width: 3000, height: 6000 })).toEqual({ width: 1200, height: 2400 });
    expect(scaledSize({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
  });
});

describe('needsScaling', () => {
  it('scales large or big photos, never GIFs', () => {
    expect(needsScaling('image/jpeg', 1000, { width: 4000, height: 3000 })).toBe(true);
    expect(needsScaling('image/png', SCALE_ABOVE_BYTES + 1, { width: 800, height: 600 })).toBe(
      true,
    );
    expect(needsScaling('image/webp', 1000, { width: 2400, height: 1600 })).toBe(false);
    expect(needsScaling('image/gif', 9_000_000, { width: 4000, height: 3000 })).toBe(false);
  });
});

describe('scaleDownImage', () => {
  it('leaves GIFs alone without decoding them', async () => {
    const { tools } = fakeTools({ width: 4000, height: 3000 }, { 'image/webp': 10 });
    const gif = fileOf(3_000_000, 'image/gif', 'party.gif');
    expect(await scaleDownImage(gif, tools)).toBe(gif);
    expect(tools.decode).not.toHaveBeenCalled();
  });

  it('leaves small photos alone', async () => {
    const { tools, close } = fakeTools({ width: 1600, height: 1200 }, { 'image/webp': 10 });
    const small = fileOf(500_000, 'image/jpeg');
    expect(await scaleDownImage(small, tools)).toBe(small);
    expect(tools.encode).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('writes a large photo as WebP at 2400 px', async () => {
    const { tools, close } = fakeTools({ width: 4032, height: 3024 }, { 'image/webp': 700 });
    const result = await scaleDownImage(fileOf(4_000_000, 'image/jpeg', 'IMG_1.JPG'), tools);
    expect(result.name).toBe('IMG_1.webp');
    expect(result.type).toBe('image/webp');
    expect(result.size).toBe(700);
    expect(tools.encode).toHaveBeenCalledWith(
      expect.anything(),
      { width: 2400, height: 1800 },
      'image/webp',
      0.85,
    );
    expect(close).toHaveBeenCalled();
  });

  it('falls back to JPEG where WebP cannot be written', async () => {
    const { tools } = fakeTools({ width: 3000, height: 3000 }, { 'image/jpeg': 900 });
    const result = await scaleDownImage(fileOf(3_000_000, 'image/png', 'plan.png'), tools);
    expect(result.name).toBe('plan.jpg');
    expect(result.type).toBe('image/jpeg');
  });

  it('keeps the original when re-encoding a big but small-sized photo does not help', async () => {
    const { tools } = fakeTools({ width: 2000, height: 1500 }, { 'image/webp': 3_000_000 });
    const original = fileOf(2_500_000, 'image/png');
    expect(await scaleDownImage(original, tools)).toBe(original);
  });

  it('keeps the original when the browser cannot decode it', async () => {
    const tools: ImageTools = { decode: async () => null, encode: vi.fn() };
    const original = fileOf(6_000_000, 'image/jpeg');
    expect(await scaleDownImage(original, tools)).toBe(original);
  });
});
