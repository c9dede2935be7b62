// Issue 28: scanning without a wedge. Chromium's fake camera shows a real barcode (a Code 128 of a
// line's UPC, drawn by bwip-js, turned into a .y4m video by this test); the camera button beside the
// scan field reads it and the line gains a unit, as a wedge scan would do. Chromium on Linux has no
// BarcodeDetector of its own, so this is the WebAssembly reader, whose .wasm must come from our server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from '@playwright/test';
import { seedBigOrder } from './scan-desk';
import { fakeClientAddress } from './support/api';
import { test, expect, loginViaUi } from './support/index';

// bwip-js publishes its Node build under the "node" export condition only, which TypeScript's bundler
// resolution does not read: loaded as Node loads it, with the one function this test uses typed here.
const bwipjs = createRequire(import.meta.url)('bwip-js') as {
  toSVG(options: {
    bcid: string;
    text: string;
    scale: number;
    height: number;
    paddingwidth: number;
    paddingheight: number;
    backgroundcolor: string;
  }): string;
};

const WIDTH = 640;
const HEIGHT = 480;

/** The grey levels of a barcode drawn in the middle of a white 640×480 picture (the browser draws the SVG). */
async function barcodePixels(browser: Browser, text: string): Promise<number[]> {
  const drawn = bwipjs.toSVG({
    bcid: 'code128',
    text,
    scale: 3,
    height: 18,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  // The SVG has a viewBox only: its own size in pixels, so the browser draws it at that size.
  const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(drawn)!;
  const svg = drawn.replace('<svg ', `<svg width="${w}" height="${h}" `);
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ src, width, height }) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, width, height);
        // An SVG without a size of its own is drawn at its natural size, centred (bwip-js gives width and height).
        const w = Math.min(image.naturalWidth || image.width, width - 20);
        const h = Math.min(image.naturalHeight || image.height, height - 20);
        ctx.drawImage(image, Math.round((width - w) / 2), Math.round((height - h) / 2), w, h);
        const rgba = ctx.getImageData(0, 0, width, height).data;
        const grey: number[] = [];
        for (let i = 0; i < rgba.length; i += 4) grey.push(Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!));
        return grey;
      },
      { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width: WIDTH, height: HEIGHT },
    );
  } finally {
    await page.close();
  }
}

/** A YUV4MPEG2 file (4:2:0, full range) of that picture, a few frames long; Chromium plays it in a loop. */
function y4m(grey: number[]): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const luma = Buffer.from(grey);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([header, frame, frame, frame]);
}

test.describe('scanning without a wedge', () => {
  test('the camera reads a line’s barcode and the line gains a unit; the reader comes from our server, only when the camera opens', async ({
    browser,
    api,
    server,
  }, testInfo) => {
    test.slow();
    const s = await seedBigOrder(api, 2);
    const upc = s.products[0]!.upc;
    const video = join(mkdtempSync(join(tmpdir(), 'returns-desk-camera-')), 'barcode.y4m');
    writeFileSync(video, y4m(await barcodePixels(browser, upc)));

    // A browser of its own, whose fake camera plays that file.
    const launch = testInfo.project.use.launchOptions as LaunchOptions;
    const camera = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-video-capture=${video}`] });
    try {
      const context = await camera.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 412, height: 915 },
        hasTouch: true,
        isMobile: true,
        extraHTTPHeaders: { 'X-Forwarded-For': fakeClientAddress() },
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await loginViaUi(page, s.operator.username, s.operator.password);
      await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
      await page.getByLabel('Search Reference').press('Enter');
      const line = page.getByTestId('order-line').first();
      await expect(line.getByTestId('received-count')).toHaveText('0 / 2');
      // Nothing of the reader in the receiving screen's loads so far.
      expect(requests.filter((u) => /zxing|barcode-detector|\.wasm/.test(u))).toEqual([]);

      await page.getByRole('button', { name: 'Scan a product with the camera' }).tap();
      await expect(line.getByTestId('received-count')).toHaveText('1 / 2');
      await expect(line.getByTestId('ledger-new')).toHaveCount(1);
      await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).not.toBeAttached();
      const wasm = requests.filter((u) => u.endsWith('.wasm'));
      expect(wasm.length, 'the WebAssembly reader was loaded').toBeGreaterThan(0);
      expect(
        wasm.every((u) => u.startsWith(server.baseUrl)),
        `from our server: ${wasm.join(', ')}`,
      ).toBeTruthy();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await camera.close();
    }
  });
});
