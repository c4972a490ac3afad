import { decodeOptions, sharp } from './sharp-setup';

/**
 * A photo's perceptual hashes (issue 50, docs/decisions/035-stolen-photos.md): the 64-bit DCT
 * hash (pHash: a 32 × 32 grey sample, its 8 × 8 lowest frequencies but the first against their
 * mean) of the whole picture and of its 90 % crops, so that a copy cropped by a tenth (one
 * side, two or all around) is as close to one of them as a resized copy is to the whole. 16
 * hex digits each.
 */
export type PhotoFingerprint = { hash: string; cropHashes: string[] };

/** The crops hashed besides the whole: [left, top, width, height] as fractions. */
const fingerprintCrops: readonly (readonly [number, number, number, number])[] = [
  // A tenth off the width and the height, anchored at each corner, edge middle and centre.
  ...[0, 0.05, 0.1].flatMap((left) => [0, 0.05, 0.1].map((top) => [left, top, 0.9, 0.9] as const)),
  // A tenth off the width only, then off the height only.
  ...[0, 0.05, 0.1].map((left) => [left, 0, 0.9, 1] as const),
  ...[0, 0.05, 0.1].map((top) => [0, top, 1, 0.9] as const),
];

/** The side the hashed picture is decoded at: enough for a 32 × 32 sample of a 90 % crop. */
const FINGERPRINT_SIDE = 256;
const SAMPLE = 32;
const LOW = 8;

/** cos((2x + 1) u π / 64) for the frequencies 1..8 the hash keeps, [u - 1][x]. */
const cosines = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SAMPLE }, (_, x) =>
    Math.cos(((2 * x + 1) * (u + 1) * Math.PI) / (2 * SAMPLE)),
  ),
);

/**
 * Decoded once by sharp (one trip through libuv's pool, where uploads queue behind password
 * hashing under load), small and grey (a JPEG shrinks on load); the 16 crops are sampled and
 * transformed here in JavaScript, about a millisecond in all. sharp-phash, used at first, took
 * two trips and 14 ms of blocking JavaScript (a full 32 × 32 DCT) per hash: 220 ms an upload.
 */
export async function photoFingerprint(input: Buffer): Promise<PhotoFingerprint> {
  const { data, info } = await sharp(input, decodeOptions)
    .rotate()
    .greyscale()
    .resize({ width: FINGERPRINT_SIDE, height: FINGERPRINT_SIDE, fit: 'inside' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height };
  return {
    hash: hashOfCrop(image, [0, 0, 1, 1]),
    cropHashes: fingerprintCrops.map((crop) => hashOfCrop(image, crop)),
  };
}

type GreyImage = { data: Uint8Array; width: number; height: number };

function hashOfCrop(image: GreyImage, crop: readonly [number, number, number, number]): string {
  const [left, top, width, height] = crop;
  const sample = areaSample(
    image,
    image.width * left,
    image.height * top,
    Math.max(1, image.width * width),
    Math.max(1, image.height * height),
  );
  // The 8 × 8 coefficients (u, v in 1..8) of the 2-D DCT-II, in two passes: along x, then y.
  const alongX = new Float64Array(LOW * SAMPLE);
  for (let u = 0; u < LOW; u++) {
    const cos = cosines[u]!;
    for (let y = 0; y < SAMPLE; y++) {
      let sum = 0;
      for (let x = 0; x < SAMPLE; x++) sum += cos[x]! * sample[y * SAMPLE + x]!;
      alongX[u * SAMPLE + y] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  let total = 0;
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      const cos = cosines[v]!;
      let sum = 0;
      for (let y = 0; y < SAMPLE; y++) sum += cos[y]! * alongX[u * SAMPLE + y]!;
      coefficients[u * LOW + v] = sum;
      total += sum;
    }
  }
  const mean = total / (LOW * LOW);
  let bits = 0n;
  for (const coefficient of coefficients) bits = (bits << 1n) | (coefficient > mean ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/**
 * The region's 32 × 32 area average: each sample is the mean of the pixels it covers,
 * partly covered pixels weighted by their share (the region's edges fall between pixels).
 * Separable: each row's 32 column means first, then 32 means of those rows.
 */
function areaSample(
  image: GreyImage,
  left: number,
  top: number,
  width: number,
  height: number,
): Float64Array {
  const columns = coverage(left, Math.min(width, image.width - left));
  const rows = coverage(top, Math.min(height, image.height - top));
  const firstRow = rows.pixels[0]!;
  const rowCount = rows.pixels[rows.pixels.length - 1]! - firstRow + 1;
  const acrossRows = new Float64Array(rowCount * SAMPLE);
  for (let r = 0; r < rowCount; r++) {
    const offset = (firstRow + r) * image.width;
    for (let i = 0; i < columns.sample.length; i++) {
      const at = r * SAMPLE + columns.sample[i]!;
      acrossRows[at] =
        acrossRows[at]! + image.data[offset + columns.pixels[i]!]! * columns.weight[i]!;
    }
  }
  const sample = new Float64Array(SAMPLE * SAMPLE);
  for (let i = 0; i < rows.sample.length; i++) {
    const from = (rows.pixels[i]! - firstRow) * SAMPLE;
    const to = rows.sample[i]! * SAMPLE;
    for (let x = 0; x < SAMPLE; x++) {
      sample[to + x] = sample[to + x]! + acrossRows[from + x]! * rows.weight[i]!;
    }
  }
  for (let y = 0; y < SAMPLE; y++) {
    for (let x = 0; x < SAMPLE; x++) {
      const weight = rows.total[y]! * columns.total[x]!;
      sample[y * SAMPLE + x] = weight > 0 ? sample[y * SAMPLE + x]! / weight : 0;
    }
  }
  return sample;
}

/**
 * Along an axis, which pixel goes into which of the 32 samples and by how much (a pixel on a
 * boundary goes into two), in pixel order, with each sample's total weight.
 */
function coverage(start: number, length: number) {
  const step = length / SAMPLE;
  const sample: number[] = [];
  const pixels: number[] = [];
  const weight: number[] = [];
  const total = new Float64Array(SAMPLE);
  for (let index = 0; index < SAMPLE; index++) {
    const from = start + index * step;
    const to = from + step;
    for (let pixel = Math.floor(from); pixel < to; pixel++) {
      const covered = Math.min(to, pixel + 1) - Math.max(from, pixel);
      if (covered <= 0) continue;
      sample.push(index);
      pixels.push(pixel);
      weight.push(covered);
      total[index] = total[index]! + covered;
    }
  }
  return { sample, pixels, weight, total };
}

/** Bits that differ between two hashes of photoFingerprint. */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

/** Hashes this close are the same picture (decision 035: measured copies 0–3, others 16+). */
export const SAME_PHOTO_DISTANCE = 4;

/** The bits of each band of a hash: five bands, so hashes within distance 4 share one. */
const BAND_BITS = [13, 13, 13, 13, 12] as const;

/**
 * A hash's bands as indexable numbers, `band * 8192 + value`: by the pigeonhole principle two
 * hashes at most SAME_PHOTO_DISTANCE (4) bits apart agree on at least one of the five bands.
 */
export function hashBands(hash: string): number[] {
  let value = BigInt(`0x${hash}`);
  const bands: number[] = [];
  for (const [band, bits] of BAND_BITS.entries()) {
    bands.push(band * 8192 + Number(value & ((1n << BigInt(bits)) - 1n)));
    value >>= BigInt(bits);
  }
  return bands;
}
