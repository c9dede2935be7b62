// Issue 28: a barcode reader for the camera. The browser's own BarcodeDetector where it reads every
// format a warehouse meets; elsewhere (Chromium on Linux and Windows, Firefox, Safari) the
// `barcode-detector` ponyfill: the same API over ZXing-C++ compiled to WebAssembly. Its .wasm is one
// of our own build's assets, served by our server (no CDN: the floor may have no internet).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** EAN-13, UPC-A, Code 128, QR and DataMatrix: product labels, carrier labels and bins. */
export const SCAN_FORMATS = ['ean_13', 'upc_a', 'code_128', 'qr_code', 'data_matrix'] as const;

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetector {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (SCAN_FORMATS.every((f) => supported.includes(f))) return new native({ formats: [...SCAN_FORMATS] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
