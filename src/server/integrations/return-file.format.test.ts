import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { formatVersionOf } from '../../contract/format-version.js';
import { buildReturnFlat, buildReturnXml, FLAT_LAYOUT, FLAT_LAYOUT_V2, type ReturnFileInput } from './return-file.format.js';

/** Return 1042 of docs/integrations.md, the example every version documents. */
const example: ReturnFileInput = {
  ret: {
    id: 1042,
    returnDate: '2026-11-20',
    isBlind: false,
    reference1: 'RMA-88121',
    reference2: 'Pallet 4',
    username: 'jdoe',
    createdAt: new Date('2026-11-20T14:03:11.000Z'),
  },
  customer: { id: 7 },
  order: {
    deliveryNumber: '80012345',
    orderNumber: '4500099812',
    webOrderNumber: 'WEB-77120',
    buyerReference: 'PO-5531',
    orderType: 'B2C',
    source: 'Biztalk',
    sourceId1: 'SO-2026-5531',
  },
  lines: [
    {
      orderLineNumber: 1,
      sku: 'TS-42-BLU',
      upc: '0012345678905',
      name1: 'Trail Shoe Blue 42',
      quantity: 2,
      condition: 'Reconditioning',
      reason: 'DAMAGED',
      reasonText: 'Damaged in transit',
      comment: 'Sole loose on one shoe',
      disposition: 'REFURBISH',
      dispositionText: 'Refurbish',
      location: null,
      discrepancy: null,
      replacesOrderLineNumber: null,
    },
    {
      orderLineNumber: 3,
      sku: 'RJ-M-OCH',
      upc: '0012345678912',
      name1: 'Rain Jacket Ochre M',
      quantity: 1,
      condition: 'Pristine',
      reason: 'WRONG_SIZE',
      reasonText: 'Wrong size',
      comment: null,
      disposition: 'RESTOCK',
      dispositionText: 'Restock',
      location: 'BIN-A-01-03',
      discrepancy: null,
      replacesOrderLineNumber: null,
    },
  ],
};

/** Version 2's example adds a wrong item (instead of order line 2) and a missing order line. */
const exampleV2: ReturnFileInput = {
  ...example,
  lines: [
    ...example.lines,
    {
      orderLineNumber: null,
      sku: 'RJ-L-OCH',
      upc: '0012345678929',
      name1: 'Rain Jacket Ochre L',
      quantity: 1,
      condition: 'Pristine',
      reason: 'WRONG_SIZE',
      reasonText: 'Wrong size',
      comment: null,
      disposition: 'QUARANTINE',
      dispositionText: 'Quarantine',
      location: null,
      discrepancy: 'WRONG_ITEM',
      replacesOrderLineNumber: 2,
    },
  ],
  missingLines: [{ orderLineNumber: 4, sku: 'SK-GRY-42', upc: '0012345678936', name1: 'Merino Socks Grey 42', quantity: 2 }],
};
const header = { sender: 'SGL', receiver: 'ACME-BT', schema: 'Default', messageId: 5001, createdAt: new Date('2026-11-20T14:03:14.512Z') };

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
  });

  it('a return without discrepancies has an empty MissingLines and zero totals', () => {
    const ret = new XMLParser({ parseTagValue: false }).parse(buildReturnXml(example, header, 2)).Envelope.Body.Return;
    expect(ret.MissingLines).toBe('');
    expect(ret.Discrepancies).toEqual({ Missing: '0', WrongItems: '0', ExtraItems: '0', Total: '0' });
  });

  it('the flat file equals its documented example; every column at its documented place', () => {
    const flat = buildReturnFlat(exampleV2, header, 2);
    expect(flat).toBe(flatDoc('Version 2 example (⏎ marks CRLF)'));
    const records = flat.split('\r\n').filter(Boolean);
    expect(records.map((r) => r[0])).toEqual(['H', 'D', 'D', 'D', 'M', 'T']);
    const fields = (record: string, layout: readonly (readonly [string, number])[]) => {
      let at = 0;
      return Object.fromEntries(
        layout.map(([name, w]) => {
          const v = record.slice(at, at + w);
          at += w;
          return [name, v.trimEnd()];
        }),
      );
    };
    const width = (layout: readonly (readonly [string, number])[]) => layout.reduce((n, [, w]) => n + w, 0);
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
    expect(records[5]!.length).toBe(width(FLAT_LAYOUT_V2.T));
    expect(fields(records[5]!, FLAT_LAYOUT_V2.T)).toEqual({
      record: 'T',
      recordCount: '0000006',
      totalQuantity: '000000004',
      missingQuantity: '000000002',
      wrongItemQuantity: '000000001',
      extraItemQuantity: '000000000',
    });
  });
});
