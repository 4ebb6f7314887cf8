// Draws the app icons as PNG without any image tool (none is installed here): a blue tile with a
// white lightning bolt. `maskable` keeps the bolt inside the 80 % safe zone on a full-bleed tile.
// Run: node scripts/make-icons.mjs  (the PNGs are committed under public/icons).
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const BLUE = [0x1e, 0x6f, 0xff];
// Bolt polygon in a 0..1 box.
const BOLT = [[0.56, 0.1], [0.24, 0.56], [0.47, 0.56], [0.4, 0.9], [0.76, 0.4], [0.53, 0.4], [0.6, 0.1]];

function inside(x, y, poly) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function icon(size, { maskable }) {
  const SS = 4; // supersampling for smooth edges
  const rows = [];
  const radius = maskable ? 0 : 0.2;
  const scale = maskable ? 0.6 : 0.78;
  const off = (1 - scale) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let tile = 0;
      let bolt = 0;
      for (let sy = 0; sy < SS; sy++)
        for (let sx = 0; sx < SS; sx++) {
          const u = (x + (sx + 0.5) / SS) / size;
          const v = (y + (sy + 0.5) / SS) / size;
          const dx = Math.max(radius - u, 0, u - (1 - radius));
          const dy = Math.max(radius - v, 0, v - (1 - radius));
          if (radius === 0 || dx * dx + dy * dy <= radius * radius) tile++;
          if (inside((u - off) / scale, (v - off) / scale, BOLT)) bolt++;
        }
      const n = SS * SS;
      const w = bolt / n;
      const o = 1 + x * 4;
      row[o] = Math.round(BLUE[0] * (1 - w) + 255 * w);
      row[o + 1] = Math.round(BLUE[1] * (1 - w) + 255 * w);
      row[o + 2] = Math.round(BLUE[2] * (1 - w) + 255 * w);
      row[o + 3] = Math.round((255 * tile) / n);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) writeFileSync(`public/icons/icon-${size}.png`, icon(size, { maskable: false }));
writeFileSync('public/icons/maskable-512.png', icon(512, { maskable: true }));
writeFileSync('public/icons/apple-touch-icon-180.png', icon(180, { maskable: true }));
console.log('icons written to public/icons');
