/** Sets of small integers (listing slots) as bits in 32-bit words. */
export type Bits = Uint32Array;

export const emptyBits = (size: number): Bits => new Uint32Array((size + 31) >>> 5);

export function bitsOf(size: number, members: ArrayLike<number>): Bits {
  const bits = emptyBits(size);
  for (let i = 0; i < members.length; i++) {
    const s = members[i]!;
    bits[s >>> 5]! |= 1 << (s & 31);
  }
  return bits;
}

/** Every slot below `size`, and nothing past it. */
export function fullBits(size: number): Bits {
  const bits = emptyBits(size).fill(0xffffffff);
  if (size & 31) bits[bits.length - 1] = (2 ** (size & 31) - 1) >>> 0;
  return bits;
}

export const hasBit = (bits: Bits, s: number): boolean => (bits[s >>> 5]! & (1 << (s & 31))) !== 0;

export function setBit(bits: Bits, s: number): void {
  bits[s >>> 5]! |= 1 << (s & 31);
}

export function clearBit(bits: Bits, s: number): void {
  bits[s >>> 5]! &= ~(1 << (s & 31));
}

/** target ∩= other */
export function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
}

/** target ∪= other */
export function orInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
}

export function popcount(bits: Bits): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i]!;
    if (v === 0) continue;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** The members in ascending order, at most `limit` of them. */
export function members(bits: Bits, limit = Infinity): number[] {
  const out: number[] = [];
  for (let i = 0; i < bits.length && out.length < limit; i++) {
    let v = bits[i]!;
    while (v !== 0) {
      const low = v & -v;
      out.push((i << 5) + 31 - Math.clz32(low));
      if (out.length >= limit) break;
      v ^= low;
    }
  }
  return out;
}
