import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { formatVersionOf } from '../../contract/format-version.js';
import { correctionHeader, correctionV2, example, exampleV2, header } from '../test/return-file-examples.js';
import { toShopCorrection, toShopReturn } from '../modules/tasks/handlers/ecommerce-outbound.handler.js';
import { buildReturnFlat, FLAT_LAYOUT, FLAT_LAYOUT_V2 } from './flat-return-file.format.js';
import { buildReturnXml } from './return-file.format.js';

const docs = readFileSync(new URL('../../../docs/integrations.md', import.meta.url), 'utf8');
/** The fenced block that follows a marker line in docs/integrations.md. */
function documented(marker: string): string {
  const at = docs.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const block = /```(?:xml|text|json)\n([\s\S]*?)```/.exec(docs.slice(at));
  return block![1]!;
}
const flatDoc = (marker: string) => documented(marker).replace(/⏎\n/g, '\r\n');

describe('format version 1: the original output, byte for byte', () => {
  it('the XML equals the documented example, which predates dispositions, for a return that has them', () => {
    expect(buildReturnXml(example, header)).toBe(documented('Real example, produced by the code (`buildReturnXml`) for return 1042'));
    expect(buildReturnXml(exampleV2, header, 1)).not.toContain('Disposition');
    expect(buildReturnXml(exampleV2, header, 1)).not.toContain('Missing');
  });

  it('the flat file equals the documented example and keeps its record widths', () => {
    expect(buildReturnFlat(example, header)).toBe(flatDoc('Real example for the same return (⏎ marks CRLF)'));
    const records = buildReturnFlat(exampleV2, header, 1).split('\r\n').filter(Boolean);
    expect(records.map((r) => r[0])).toEqual(['H', 'D', 'D', 'D', 'T']);
    const width = (r: keyof typeof FLAT_LAYOUT) => FLAT_LAYOUT[r].reduce((n, [, w]) => n + w, 0);
    expect(records[0]!.length).toBe(width('H'));
    expect(records[1]!.length).toBe(width('D'));
    expect(records[4]!.length).toBe(width('T'));
  });

  it('a connection without format_version (or with an unknown one) is version 1', () => {
    expect(formatVersionOf({})).toBe(1);
    expect(formatVersionOf({ format: 'XML' })).toBe(1);
    expect(formatVersionOf({ format_version: 7 })).toBe(1);
    expect(formatVersionOf({ format_version: '2' })).toBe(1);
    expect(formatVersionOf({ format_version: 2 })).toBe(2);
  });
});

describe('format version 2: dispositions, locations and discrepancies', () => {
  it('the XML equals its documented example and carries every new element', () => {
    const xml = buildReturnXml(exampleV2, header, 2);
    expect(xml).toBe(documented('Version 2 example (`buildReturnXml(…, 2)`)'));
    const doc = new XMLParser({ parseTagValue: false }).parse(xml);
    expect(doc.Envelope.Header.FormatVersion).toBe('2');
    const ret = doc.Envelope.Body.Return;
    const [first, second, third] = ret.Lines.Line;
    expect(first).toMatchObject({
      Sku: 'TS-42-BLU',
      DispositionCode: 'REFURBISH',
      Disposition: 'Refurbish',
      Location: '',
      Discrepancy: '',
    });
    expect(second).toMatchObject({ Sku: 'RJ-M-OCH', DispositionCode: 'RESTOCK', Disposition: 'Restock', Location: 'BIN-A-01-03' });
    expect(third).toMatchObject({
      LineNumber: '3',
      OrderLineNumber: '',
      Sku: 'RJ-L-OCH',
      DispositionCode: 'QUARANTINE',
      Discrepancy: 'WRONG_ITEM',
      ReplacesOrderLineNumber: '2',
    });
    // The version-1 elements of a line come first, in their order; the new ones follow.
    expect(Object.keys(first)).toEqual([
      'LineNumber',
      'OrderLineNumber',
      'Sku',
      'Upc',
      'Name',
      'Quantity',
      'Condition',
      'ReasonCode',
      'Reason',
      'Comment',
      'DispositionCode',
      'Disposition',
      'Location',
      'Discrepancy',
      'ReplacesOrderLineNumber',
      'Photos',
    ]);
    expect(ret.TotalQuantity).toBe('4');
    expect(ret.MissingLines.MissingLine).toEqual({
      OrderLineNumber: '4',
      Sku: 'SK-GRY-42',
      Upc: '0012345678936',
      Name: 'Merino Socks Grey 42',
      Quantity: '2',
    });
    expect(ret.Discrepancies).toEqual({ Missing: '2', WrongItems: '1', ExtraItems: '0', Total: '3' });
    // Photo links: per line in the order taken, an empty <Photos/> without any, and the return's own.
    const photoOf = (id: number) => {
      const p = [...exampleV2.lines.flatMap((l) => l.photos ?? []), ...exampleV2.photos!].find((x) => x.id === id)!;
      return { PhotoId: String(id), Url: p.url, OriginalUrl: p.originalUrl };
    };
    expect(first.Photos.Photo).toEqual([photoOf(311), photoOf(312)]);
    expect(second.Photos).toBe('');
    expect(third.Photos.Photo).toEqual(photoOf(313));
    expect(ret.Photos.Photo).toEqual(photoOf(310));
    expect(first.Photos.Photo[0].Url).toMatch(/^https:\/\/returns\.example\.com\/api\/photo-links\/311\.d\.\d+\.[\w-]{43}$/);
    expect(first.Photos.Photo[0].OriginalUrl).toMatch(/\/api\/photo-links\/311\.o\./);
    expect(Object.keys(ret).slice(-3)).toEqual(['MissingLines', 'Discrepancies', 'Photos']);
  });

  it('version 1 never carries photo links, even for a return that has photos', () => {
    expect(buildReturnXml(exampleV2, header, 1)).not.toMatch(/Photo|photo-links/);
    expect(buildReturnFlat(exampleV2, header, 1)).not.toContain('photo-links');
    expect(toShopReturn(exampleV2, 1)).not.toHaveProperty('photos');
    expect(toShopReturn(exampleV2, 1).lines[0]).not.toHaveProperty('photos');
  });

  it('a return without discrepancies has an empty MissingLines and zero totals', () => {
    const ret = new XMLParser({ parseTagValue: false }).parse(buildReturnXml(example, header, 2)).Envelope.Body.Return;
    expect(ret.MissingLines).toBe('');
    expect(ret.Photos).toBe('');
    expect(ret.Discrepancies).toEqual({ Missing: '0', WrongItems: '0', ExtraItems: '0', Total: '0' });
  });

  it('the flat file equals its documented example; every column at its documented place', () => {
    const flat = buildReturnFlat(exampleV2, header, 2);
    expect(flat).toBe(flatDoc('Version 2 example (⏎ marks CRLF)'));
    const records = flat.split('\r\n').filter(Boolean);
    expect(records.map((r) => r[0])).toEqual(['H', 'D', 'D', 'D', 'M', 'P', 'P', 'P', 'P', 'T']);
    const fields = (record: string, layout: readonly (readonly [string, number, string])[]) => {
      let at = 0;
      return Object.fromEntries(
        layout.map(([name, w]) => {
          const v = record.slice(at, at + w);
          at += w;
          return [name, v.trimEnd()];
        }),
      );
    };
    const width = (layout: readonly (readonly [string, number, string])[]) => layout.reduce((n, [, w]) => n + w, 0);
    expect(records[0]!.length).toBe(width(FLAT_LAYOUT_V2.H));
    expect(fields(records[0]!, FLAT_LAYOUT_V2.H)).toMatchObject({
      sender: 'SGL',
      returnId: '0000001042',
      receivedBy: 'jdoe',
      formatVersion: '02',
    });
    for (const d of records.slice(1, 4)) expect(d.length).toBe(width(FLAT_LAYOUT_V2.D));
    expect(fields(records[2]!, FLAT_LAYOUT_V2.D)).toMatchObject({
      sku: 'RJ-M-OCH',
      quantity: '0000001',
      dispositionCode: 'RESTOCK',
      location: 'BIN-A-01-03',
      discrepancy: '',
      replacesOrderLineNumber: '',
    });
    expect(fields(records[3]!, FLAT_LAYOUT_V2.D)).toMatchObject({
      orderLineNumber: '',
      sku: 'RJ-L-OCH',
      dispositionCode: 'QUARANTINE',
      discrepancy: 'WRONG_ITEM',
      replacesOrderLineNumber: '000002',
    });
    expect(records[4]!.length).toBe(width(FLAT_LAYOUT_V2.M));
    expect(fields(records[4]!, FLAT_LAYOUT_V2.M)).toEqual({
      record: 'M',
      lineNumber: '00001',
      orderLineNumber: '000004',
      sku: 'SK-GRY-42',
      upc: '0012345678936',
      quantity: '0000002',
    });
    // P records: one per photo, the lines' in line order, then the return's (line 00000).
    const line1 = exampleV2.lines[0]!.photos!;
    for (const p of records.slice(5, 9)) expect(p.length).toBe(width(FLAT_LAYOUT_V2.P));
    expect(records.slice(5, 9).map((p) => fields(p, FLAT_LAYOUT_V2.P))).toEqual([
      {
        record: 'P',
        recordNumber: '00001',
        lineNumber: '00001',
        photoId: '0000000311',
        url: line1[0]!.url,
        originalUrl: line1[0]!.originalUrl,
      },
      {
        record: 'P',
        recordNumber: '00002',
        lineNumber: '00001',
        photoId: '0000000312',
        url: line1[1]!.url,
        originalUrl: line1[1]!.originalUrl,
      },
      {
        record: 'P',
        recordNumber: '00003',
        lineNumber: '00003',
        photoId: '0000000313',
        url: exampleV2.lines[2]!.photos![0]!.url,
        originalUrl: exampleV2.lines[2]!.photos![0]!.originalUrl,
      },
      {
        record: 'P',
        recordNumber: '00004',
        lineNumber: '00000',
        photoId: '0000000310',
        url: exampleV2.photos![0]!.url,
        originalUrl: exampleV2.photos![0]!.originalUrl,
      },
    ]);
    expect(records[9]!.length).toBe(width(FLAT_LAYOUT_V2.T));
    expect(fields(records[9]!, FLAT_LAYOUT_V2.T)).toEqual({
      record: 'T',
      recordCount: '0000010',
      totalQuantity: '000000004',
      missingQuantity: '000000002',
      wrongItemQuantity: '000000001',
      extraItemQuantity: '000000000',
    });
  });
});

describe('format version 2: the web-shop body and correction messages, as documented', () => {
  it('the shop body equals its documented example, photos per line and per return', () => {
    const body = toShopReturn(exampleV2, 2);
    expect(body).toEqual(JSON.parse(documented('**Web shop, version 2.**')));
    expect(body.lines.map((l) => l.photos!.map((p) => p.id))).toEqual([[311, 312], [], [313]]);
    expect(body.photos).toEqual([{ id: 310, url: exampleV2.photos![0]!.url, original_url: exampleV2.photos![0]!.originalUrl }]);
  });

  it('a correction carries the photos of every line with links issued at the correction (XML, flat, shop)', () => {
    const xml = buildReturnXml(correctionV2, correctionHeader, 2);
    expect(xml).toBe(documented('Format version 2, the same envelope (`buildReturnXml(…, 2)`)'));
    const doc = new XMLParser({ parseTagValue: false }).parse(xml).Envelope;
    expect(doc.Header).toMatchObject({
      MessageType: 'ReturnCorrection',
      OriginalMessageId: '5001',
      ReturnVersion: '2',
      FormatVersion: '2',
    });
    const first = doc.Body.Return.Lines.Line[0];
    expect(first).toMatchObject({ Quantity: '1', Condition: 'Scrap', DispositionCode: 'RECYCLE' });
    expect(first.Photos.Photo.map((p: { PhotoId: string }) => p.PhotoId)).toEqual(['311', '312']);
    // Same photos, new links: their expiry starts at the correction, a day after the submit.
    const expiry = (url: string) => Number(url.split('/').pop()!.split('.')[2]);
    const originalUrl = exampleV2.lines[0]!.photos![0]!.url;
    expect(expiry(first.Photos.Photo[0].Url) - expiry(originalUrl)).toBe(
      Math.floor(correctionV2.correction!.correctedAt.getTime() / 1000) - Math.floor(exampleV2.ret.createdAt.getTime() / 1000),
    );
    expect(doc.Body.Return.Photos.Photo.PhotoId).toBe('310');

    const flat = buildReturnFlat(correctionV2, correctionHeader, 2);
    expect(flat).toBe(flatDoc('The same correction in format version 2'));
    expect(
      flat
        .split('\r\n')
        .filter(Boolean)
        .map((r) => r[0]),
    ).toEqual(['C', 'D', 'D', 'D', 'M', 'P', 'P', 'P', 'P', 'T']);

    const shop = toShopCorrection({ ...correctionV2, correction: correctionV2.correction! }, 2);
    expect(shop).toEqual(JSON.parse(documented('The same correction to a format-version-2 connection')));
    expect(shop).toMatchObject({ return_version: 2, original_idempotency_key: 'return-1042', format_version: 2 });
    expect(shop.lines[0]!.photos!.map((p) => p.url)).toEqual(correctionV2.lines[0]!.photos!.map((p) => p.url));
  });

  it('a link that would not fit its flat column stops the build instead of being cut', () => {
    const long = {
      ...exampleV2,
      photos: [{ id: 1, url: `https://${'x'.repeat(200)}.example.com/a`, originalUrl: 'https://r.example.com/b' }],
    };
    expect(() => buildReturnFlat(long, header, 2)).toThrow(/longer than the flat file's 200 characters; shorten PUBLIC_URL/);
  });
});
