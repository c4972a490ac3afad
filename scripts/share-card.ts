/**
 * Draws web/public/share-card.png, the picture of a shared link to a page that has no photo
 * of its own (the home page, a search; a listing shows its first photo). PNG, not WebP: some
 * chat apps' link previews still show no WebP. 1200×630, the size Open Graph readers crop to.
 *
 * Run it after changing the design: node --import tsx scripts/share-card.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// The size server/features/seo/site.ts announces in og:image:width and og:image:height.
const SHARE_CARD = { width: 1200, height: 630 } as const;

const teal = '#0f766e';
const house = 'M6 16.5 16 8l10 8.5V25a1 1 0 0 1-1 1h-6v-6h-6v6H7a1 1 0 0 1-1-1z';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD.width}" height="${SHARE_CARD.height}">
  <rect width="100%" height="100%" fill="${teal}"/>
  <rect x="0" y="560" width="100%" height="70" fill="#115e59"/>
  <g transform="translate(96 150) scale(7)">
    <rect width="32" height="32" rx="7" fill="#ffffff"/>
    <path d="${house}" fill="${teal}"/>
  </g>
  <text x="360" y="285" font-family="Liberation Sans, Arial, sans-serif" font-size="120"
    font-weight="700" fill="#ffffff">Abode</text>
  <text x="364" y="355" font-family="Liberation Sans, Arial, sans-serif" font-size="40"
    fill="#ccfbf1">Rentals that feel like home</text>
  <text x="96" y="470" font-family="Liberation Sans, Arial, sans-serif" font-size="36"
    fill="#ffffff">Apartments · Houses · Student hostels</text>
  <text x="96" y="606" font-family="Liberation Sans, Arial, sans-serif" font-size="28"
    fill="#ccfbf1">Every listing reviewed before it goes live</text>
</svg>`;

const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'web/public/share-card.png',
);
const info = await sharp(Buffer.from(svg))
  .png({ palette: true, compressionLevel: 9, effort: 10 })
  .toFile(out);
console.log(
  `${path.relative(process.cwd(), out)}: ${info.width}×${info.height}, ${info.size} bytes`,
);
