import sharp from 'sharp';

/** A JPEG as a phone writes it: landscape pixels, EXIF orientation 6 (turn 90° clockwise), a camera make and a GPS position. */
export function phoneJpeg(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c83232' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneCo', Model: 'Evidence 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
      },
    })
    .toBuffer();
}

export function plainImage(format: 'png' | 'webp' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6ac8' } })
    .toFormat(format)
    .toBuffer();
}

/** The GPS IFD pointer (EXIF tag 0x8825) in either byte order. */
export const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
