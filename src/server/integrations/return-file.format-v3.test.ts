import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { exampleV2, exampleV3, header } from '../test/return-file-examples.js';
import { buildReturnFlat, FLAT_LAYOUT_V2, FLAT_LAYOUT_V3 } from './flat-return-file.format.js';
import { buildReturnXml } from './return-file.format.js';

const docs = readFileSync(new URL('../../../docs/integrations.md', import.meta.url), 'utf8');
function documented(marker: string): string {
  const at = docs.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  return /```(?:xml|text|json)\n([\s\S]*?)```/.exec(docs.slice(at))![1]!;
}
/** A flat record cut into its fields by the layout. */
function fields(layout: readonly (readonly [string, number, string])[], record: string) {
  const out: Record<string, string> = {};
  let at = 0;
  for (const [name, width] of layout) {
    out[name] = record.slice(at, at + width);
    at += width;
  }
  expect(at).toBe(record.length);
  return out;
}

describe('format version 3: grade, step answers and serial per line (issue 27)', () => {
  it('versions 1 and 2 are unchanged by a return that carries inspections', () => {
    for (const version of [1, 2] as const) {
      expect(buildReturnXml(exampleV3, header, version)).toBe(buildReturnXml(exampleV2, header, version));
      expect(buildReturnFlat(exampleV3, header, version)).toBe(buildReturnFlat(exampleV2, header, version));
    }
  });

  it('the XML equals its documented example and carries each field on each line', () => {
    const xml = buildReturnXml(exampleV3, header, 3);
    expect(xml).toBe(documented('Version 3 example (`buildReturnXml(…, 3)`)'));
    const doc = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Step' }).parse(xml);
    expect(doc.Envelope.Header.FormatVersion).toBe('3');
    const [shoes, jacket, wrong] = doc.Envelope.Body.Return.Lines.Line;
    expect(shoes).toMatchObject({
      Condition: 'Reconditioning',
      ReasonCode: 'DAMAGED',
      DispositionCode: 'REFURBISH',
      Grade: 'C',
      GradeName: 'Refurbish',
      Serial: 'SN-0042-A',
      SerialShipped: 'Y',
      SerialRepeated: 'N',
      Steps: {
        Step: [
          { StepNumber: '1', Kind: 'yes_no', Text: 'Soles without wear?', Answer: 'no' },
          { StepNumber: '2', Kind: 'photo', Text: 'Photograph the box label', Answer: 'done' },
        ],
      },
    });
    expect(jacket).toMatchObject({ Grade: 'A', GradeName: 'Like new', Serial: 'SN-9001', SerialShipped: 'N', SerialRepeated: 'Y' });
    expect(jacket.Steps).toBe('');
    // A line without inspection keeps the elements, empty (SerialRepeated N).
    expect(wrong).toMatchObject({ Discrepancy: 'WRONG_ITEM', SerialRepeated: 'N' });
    for (const empty of ['Grade', 'GradeName', 'Serial', 'SerialShipped', 'Steps']) expect(wrong[empty], empty).toBe('');
  });

  it('the flat file: D records grow at the end with grade, serial and its checks; S records carry the steps; the trailer counts them', () => {
    const flat = buildReturnFlat(exampleV3, header, 3);
    expect(flat).toBe(documented('Version 3 example (⏎ marks CRLF)').replace(/⏎\n/g, '\r\n'));
    const records = flat.split('\r\n').filter(Boolean);
    expect(records.map((r) => r[0])).toEqual(['H', 'D', 'D', 'D', 'M', 'P', 'P', 'P', 'P', 'S', 'S', 'T']);
    const d = records.filter((r) => r[0] === 'D').map((r) => fields(FLAT_LAYOUT_V3.D, r));
    // Every version-2 column keeps its place.
    const v2 = buildReturnFlat(exampleV3, header, 2)
      .split('\r\n')
      .filter((r) => r[0] === 'D');
    d.forEach((_, i) => expect(records[i + 1]!.slice(0, v2[i]!.length)).toBe(v2[i]));
    expect(d.map((r) => [r.grade!.trim(), r.serial!.trim(), r.serialShipped, r.serialRepeated])).toEqual([
      ['C', 'SN-0042-A', 'Y', 'N'],
      ['A', 'SN-9001', 'N', 'Y'],
      ['', '', ' ', 'N'],
    ]);
    const s = records.filter((r) => r[0] === 'S').map((r) => fields(FLAT_LAYOUT_V3.S, r));
    expect(s.map((r) => [r.recordNumber, r.lineNumber, r.stepNumber, r.kind!.trim(), r.answer!.trim(), r.text!.trim()])).toEqual([
      ['00001', '00001', '1', 'yes_no', 'no', 'Soles without wear?'],
      ['00002', '00001', '2', 'photo', 'done', 'Photograph the box label'],
    ]);
    const t = fields(FLAT_LAYOUT_V3.T, records.at(-1)!);
    expect(Number(t.recordCount)).toBe(records.length);
    expect(FLAT_LAYOUT_V3.T).toEqual(FLAT_LAYOUT_V2.T);
  });
});
