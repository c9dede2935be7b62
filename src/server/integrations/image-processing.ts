import sharp, { type Metadata } from 'sharp';

/** The image types a photo may be, told apart by their first bytes (never by a client's content-type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_CONTENT_TYPE: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Long edge of the two derived sizes, in pixels. */
export const DISPLAY_EDGE = 1600;
export const THUMB_EDGE = 320;
/** A bigger image is refused before it is decoded (a "decompression bomb" guard): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A; WebP "RIFF" ???? "WEBP". */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly reason: 'type' | 'unreadable' | 'pixels',
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** Orientation applied, every metadata block (EXIF, GPS, XMP, ICC comments) removed; same format. */
  original: Buffer;
  /** WebP, long edge at most DISPLAY_EDGE. */
  display: Buffer;
  /** WebP, long edge at most THUMB_EDGE. */
  thumb: Buffer;
}

/**
 * Checks the bytes are a JPEG, PNG or WebP that decodes, then writes the three stored sizes. sharp
 * drops all metadata unless asked to keep it, and `.rotate()` without an angle applies the EXIF
 * orientation before it is dropped, so a phone's portrait photo stays upright.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRejected('The file is not a JPEG, PNG or WebP image.', 'type');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw new ImageRejected('The image cannot be read; it may be damaged or cut off.', 'unreadable');
  }
  if (meta.format !== format) throw new ImageRejected('The file is not a JPEG, PNG or WebP image.', 'type');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageRejected(`The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`, 'pixels');
  }
  try {
    // Decoded once (orientation applied) to raw pixels; the three sizes are encoded from those.
    const { data, info } = await input().rotate().raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const encodeOriginal = () => {
      if (format === 'jpeg') return pixels().jpeg({ quality: 90 }).toBuffer();
      if (format === 'png') return pixels().png({ compressionLevel: 6 }).toBuffer();
      return pixels().webp({ quality: 90 }).toBuffer();
    };
    const resized = (edge: number, quality: number) =>
      pixels().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
    const [original, display, thumb] = await Promise.all([encodeOriginal(), resized(DISPLAY_EDGE, 80), resized(THUMB_EDGE, 72)]);
    return { format, width: info.width, height: info.height, original, display, thumb };
  } catch {
    throw new ImageRejected('The image cannot be read; it may be damaged or cut off.', 'unreadable');
  }
}
