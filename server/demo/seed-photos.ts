import sharp from 'sharp';
import type { Photo } from '#common/images';
import { encodePhoto, storePhoto, type EncodedPhoto } from '../lib/images';
import type { FileStorage } from '../lib/storage';

/**
 * Demo photos drawn by the seed itself (no downloads): simple illustrations of buildings and
 * rooms in varied palettes, rendered from SVG and stored like any upload.
 */
const W = 1200;
const H = 800;

const palettes = [
  {
    sky: ['#7dd3fc', '#e0f2fe'],
    wall: '#f5e6c8',
    roof: '#b45309',
    accent: '#0f766e',
    ground: '#65a30d',
  },
  {
    sky: ['#fdba74', '#fef3c7'],
    wall: '#e2e8f0',
    roof: '#475569',
    accent: '#be123c',
    ground: '#4d7c0f',
  },
  {
    sky: ['#a5b4fc', '#eef2ff'],
    wall: '#fde68a',
    roof: '#7c2d12',
    accent: '#1d4ed8',
    ground: '#15803d',
  },
  {
    sky: ['#5eead4', '#f0fdfa'],
    wall: '#ffffff',
    roof: '#0f766e',
    accent: '#ca8a04',
    ground: '#3f6212',
  },
];

function windows(x: number, y: number, columns: number, rows: number, accent: string): string {
  let out = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      out += `<rect x="${x + c * 90}" y="${y + r * 85}" width="56" height="58" rx="4" fill="#bae6fd" stroke="${accent}" stroke-width="5"/>`;
    }
  }
  return out;
}

function house(p: (typeof palettes)[number]): string {
  return `
    <rect x="300" y="360" width="600" height="330" fill="${p.wall}"/>
    <polygon points="260,370 600,150 940,370" fill="${p.roof}"/>
    <rect x="555" y="520" width="90" height="170" rx="6" fill="${p.accent}"/>
    ${windows(360, 420, 2, 1, p.accent)}${windows(700, 420, 2, 1, p.accent)}
    <circle cx="160" cy="560" r="90" fill="#16a34a"/><rect x="150" y="600" width="20" height="100" fill="#78350f"/>`;
}

function apartments(p: (typeof palettes)[number]): string {
  return `
    <rect x="250" y="170" width="420" height="520" fill="${p.wall}"/>
    <rect x="690" y="280" width="300" height="410" fill="${p.roof}" opacity="0.85"/>
    ${windows(290, 210, 4, 5, p.accent)}${windows(720, 320, 3, 4, '#f8fafc')}
    <rect x="420" y="600" width="90" height="90" fill="${p.accent}"/>`;
}

function room(p: (typeof palettes)[number]): string {
  return `
    <rect x="0" y="0" width="${W}" height="560" fill="${p.wall}"/>
    <rect x="0" y="560" width="${W}" height="240" fill="#d6b88c"/>
    <rect x="760" y="110" width="300" height="260" rx="8" fill="url(#sky)" stroke="#ffffff" stroke-width="14"/>
    <rect x="150" y="420" width="480" height="170" rx="26" fill="${p.accent}"/>
    <rect x="170" y="360" width="440" height="90" rx="30" fill="${p.accent}" opacity="0.8"/>
    <rect x="700" y="520" width="260" height="26" rx="8" fill="${p.roof}"/>
    <rect x="720" y="546" width="18" height="90" fill="${p.roof}"/><rect x="922" y="546" width="18" height="90" fill="${p.roof}"/>
    <circle cx="1090" cy="480" r="60" fill="#22c55e"/><rect x="1070" y="520" width="40" height="100" fill="#92400e"/>`;
}

const scenes = [house, apartments, room];

export function demoPhotoSvg(index: number): string {
  const p = palettes[index % palettes.length]!;
  const scene = scenes[Math.floor(index / palettes.length) % scenes.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1040" cy="130" r="60" fill="#fde047" opacity="0.9"/>
    <rect x="0" y="680" width="${W}" height="120" fill="${p.ground}"/>
    ${scene(p)}
  </svg>`;
}

export const DEMO_PHOTO_COUNT = palettes.length * scenes.length;

/** Renders every demo picture once; listings then store copies under keys of their own. */
export async function renderDemoPhotos(): Promise<EncodedPhoto[]> {
  return Promise.all(
    Array.from({ length: DEMO_PHOTO_COUNT }, async (_, index) =>
      encodePhoto(
        await sharp(Buffer.from(demoPhotoSvg(index)))
          .png()
          .toBuffer(),
      ),
    ),
  );
}

/** Stores a copy of a rendered picture, so deleting one listing's photos spares the others. */
export function storeDemoPhoto(storage: FileStorage, photo: EncodedPhoto): Promise<Photo> {
  return storePhoto(storage, photo);
}
