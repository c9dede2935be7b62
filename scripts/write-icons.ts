// The installed app's icons (issue 28, web app manifest): PNGs rendered from src/web/assets/logo.svg
// with sharp. Run after changing the logo: `npx tsx scripts/write-icons.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const logo = readFileSync(`${root}src/web/assets/logo.svg`);
const out = `${root}src/web/public/icons/`;

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}icon-${size}.png`);
}
// Maskable: the launcher may cut the icon to a circle, so the logo sits in the middle 80 % on the brand blue.
const inner = Math.round(512 * 0.8);
const mark = await sharp(logo, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1c7ed6' } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(`${out}icon-maskable-512.png`);
// Apple's home screen ignores the manifest's icons.
await sharp(logo, { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten({ background: '#1c7ed6' })
  .png()
  .toFile(`${out}apple-touch-icon.png`);
