// Draws the home-screen icons of the parent portal (ADR 051) from the centre's mark (favicon.svg,
// components/BrandMark.tsx: a sun over a small figure on teal) with sharp, and writes them to
// src/client/public/icons, where they are committed; run again only when the mark changes:
//   node scripts/make-icons.mjs
// - icon-192.png, icon-512.png ("any"): the mark as drawn, rounded corners, transparent outside them;
// - maskable-192.png, maskable-512.png ("maskable"): the teal fills the square and the figure sits inside the
//   central circle of 80 % that every launcher's mask keeps (the "safe zone");
// - apple-touch-icon.png (180): iOS rounds corners itself and shows transparency as black, so a full square.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const TEAL = '#0f766e';
const SUN = '#fde68a';
const out = resolve(import.meta.dirname, '../src/client/public/icons');

/** The figure (sun and shoulders) of the 64-unit mark, scaled by `k` about the centre. */
function figure(k) {
  return `<g transform="translate(32 32) scale(${k}) translate(-32 -32)"><circle cx="32" cy="26" r="11" fill="${SUN}"/><path d="M14 52c3-10 10-15 18-15s15 5 18 15" fill="${SUN}"/></g>`;
}

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TEAL}"/>${figure(1)}</svg>`;
// The figure spans x 14..50 and y 15..52 (about 37 units): at 0.78 it fits the safe circle (radius 25.6) with room.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/>${figure(0.78)}</svg>`;
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/>${figure(0.9)}</svg>`;

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(resolve(out, file));
}

mkdirSync(out, { recursive: true });
await png(rounded, 192, 'icon-192.png');
await png(rounded, 512, 'icon-512.png');
await png(fullBleed, 192, 'maskable-192.png');
await png(fullBleed, 512, 'maskable-512.png');
await png(apple, 180, 'apple-touch-icon.png');
console.log(`Icons written to ${out}`);
