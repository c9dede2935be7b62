/**
 * Photo evidence (issue 16): upload-to-thumbnail time of a 12-megapixel JPEG through the app's real
 * HTTP route (`POST /api/photos`: type check, decode, orientation, EXIF removed, original re-encoded,
 * display and thumbnail made and stored, row written — the answer comes when the thumbnail is stored),
 * and the bytes stored per photo.
 * Run: npm run bench photos   (BENCH_DATABASE_URL; UPLOADS=n, default 20, after 2 warm-up uploads)
 */
import { readdirSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SHARED_BOX_NOTE, startApp } from './load.js';
import { freshDatabase, percentile } from './support.js';

const UPLOADS = Number(process.env.UPLOADS ?? 20);
const WARMUP = 2;
const [WIDTH, HEIGHT] = [4000, 3000];

/**
 * A 4000×3000 camera-like JPEG (quality 90, ≈3–4 MB): colour gradients and soft shapes with sensor-like
 * noise, so it neither compresses like a flat image nor like pure noise. `seed` makes each upload
 * different bytes (a store that deduplicated would otherwise flatter the figures).
 */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let s = seed * 7919 + 1;
  const noise = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 22;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const n = noise();
      // Soft shapes plus fine texture (fabric, cardboard) that survives down-scaling, as in a real photo.
      const shape = 64 * Math.sin((x + seed * 37) / 150) * Math.cos(y / 110) + 16 * Math.sin(x / 5.3 + Math.sin(y / 23) * 4);
      raw[i] = Math.max(0, Math.min(255, (x / WIDTH) * 200 + 20 + shape / 2 + n));
      raw[i + 1] = Math.max(0, Math.min(255, (y / HEIGHT) * 200 + 30 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + shape + n));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Sizes of the objects the folder store wrote for each photo (DATA_DIR/photos/…/<uuid>/{original,display,thumb}). */
function storedObjects(photoDir: string): { original: number; display: number; thumb: number }[] {
  const found: { original: number; display: number; thumb: number }[] = [];
  const walk = (dir: string) => {
    const names = readdirSync(dir);
    if (names.includes('thumb')) {
      const size = (n: string) => statSync(join(dir, n)).size;
      found.push({ original: size('original'), display: size('display'), thumb: size('thumb') });
      return;
    }
    for (const n of names) if (statSync(join(dir, n)).isDirectory()) walk(join(dir, n));
  };
  walk(photoDir);
  return found;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

async function main() {
  const db = await freshDatabase('bench_photos');
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-photos-'));
  const app = await startApp({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4', DATA_DIR: dataDir }, ['--services=web']);
  const loadBefore = loadavg();
  try {
    const images: Buffer[] = [];
    for (let i = 0; i < WARMUP + UPLOADS; i++) images.push(await cameraJpeg(i));
    const times: number[] = [];
    const answers: { uploaded_bytes: number; stored_bytes: number; width: number; height: number }[] = [];
    for (const [i, body] of images.entries()) {
      const payload = new Uint8Array(body);
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${app.port}/api/photos`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${app.token}` },
        body: payload,
      });
      const answer = (await res.json()) as { code: number; message: (typeof answers)[number] & { id: number } };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`upload ${i}: ${res.status} ${JSON.stringify(answer)}`);
      // The thumbnail is there when the answer is: read it back once to prove it.
      const thumb = await fetch(`http://127.0.0.1:${app.port}/api/photos/${answer.message.id}/thumb`, {
        headers: { authorization: `Bearer ${app.token}` },
      });
      if (thumb.status !== 200 || (await thumb.arrayBuffer()).byteLength === 0) throw new Error(`thumbnail of upload ${i} missing`);
      if (i >= WARMUP) {
        times.push(ms);
        answers.push(answer.message);
      }
    }
    const loadAfter = loadavg();
    const sorted = [...times].sort((a, b) => a - b);
    const objects = storedObjects(join(dataDir, 'photos')).slice(WARMUP);
    const avg = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
    const uploaded = avg(answers.map((a) => a.uploaded_bytes));
    const stored = avg(answers.map((a) => a.stored_bytes));
    console.log(`| figure | value |`);
    console.log(`|---|---|`);
    console.log(
      `| upload to thumbnail, ${WIDTH}×${HEIGHT} JPEG (${mb(uploaded)} avg), ${UPLOADS} uploads one at a time | p50 ${Math.round(percentile(sorted, 50))} ms, p95 ${Math.round(percentile(sorted, 95))} ms (min ${Math.round(sorted[0]!)}, max ${Math.round(sorted.at(-1)!)}) |`,
    );
    console.log(
      `| stored per photo (original + display + thumbnail) | ${mb(stored)} avg = ${(stored / uploaded).toFixed(2)} × the upload |`,
    );
    console.log(`| · original (re-encoded JPEG, orientation applied, metadata removed) | ${mb(avg(objects.map((o) => o.original)))} |`);
    console.log(`| · display (WebP, 1600 px) | ${kb(avg(objects.map((o) => o.display)))} |`);
    console.log(`| · thumbnail (WebP, 320 px) | ${kb(avg(objects.map((o) => o.thumb)))} |`);
    console.log(`| dimensions stored | ${answers[0]!.width}×${answers[0]!.height} |`);
    console.log(
      `\nLoad average (1/5/15 min) before: ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after: ${loadAfter.map((x) => x.toFixed(2)).join(' / ')}; CPUs: ${(await import('node:os')).cpus().length}.`,
    );
    console.log(
      `(The app: PostgreSQL, --services=web, folder store under DATA_DIR; client in this process, ${WARMUP} warm-up uploads not counted.) ${SHARED_BOX_NOTE}`,
    );
  } finally {
    await app.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
