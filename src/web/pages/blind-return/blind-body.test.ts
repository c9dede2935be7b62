import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../../contract/blind';
import type { DispositionView } from '../../../contract/dispositions';
import { blindReturnBody } from './blind-body';
import { NOT_INSPECTED } from './blind-inspection';
import type { BlindLine } from './BlindLinesTable';

const dispositions = [
  { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { code: 'SCRAP', name: 'Scrap', requires_location: false, default_for: ['Scrap'] },
] as unknown as DispositionView[];
const product = (id: number) => ({ id, sku: `SKU-${id}` }) as ProductRow;
const line = (patch: Partial<BlindLine>): BlindLine => ({
  key: '__l',
  product: product(7),
  quantity: 1,
  condition: 'Pristine',
  reason: 'DAMAGED',
  comment: '',
  photoIds: [],
  disposition: 'RESTOCK',
  location: '',
  ...NOT_INSPECTED,
  ...patch,
});
const draft = {
  id: '__draft1',
  reference1: '  RMA-1 ',
  reference2: ' ',
  returnDate: '2026-12-03',
  returnPhotos: [4],
  parcelId: null,
  expectedReturnId: 9,
};

describe('the blind save body', () => {
  it('trims the texts, keeps a bin only where the disposition needs one, and sends each inspection as saved', () => {
    const body = blindReturnBody(
      {
        ...draft,
        lines: [
          line({ location: ' BIN-1 ', comment: ' dented ', photoIds: [1, 2] }),
          line({ key: '__m', product: product(8), condition: 'Scrap', disposition: 'SCRAP', location: 'BIN-2', quantity: 3 }),
          line({ key: '__n', disposition: '', grade: 'B', stepAnswers: [{ answer: 'yes' }] as never, serial: 'SN-1' }),
        ],
      },
      dispositions,
    );
    expect(body).toEqual({
      id: '__draft1',
      reference_1: 'RMA-1',
      reference_2: '',
      return_date: '2026-12-03',
      is_blind: true,
      parcel_id: null,
      expected_return_id: 9,
      photo_ids: [4],
      return_ledgers: [
        {
          product_id: 7,
          quantity: 1,
          condition: 'Pristine',
          reason: 'DAMAGED',
          comment: 'dented',
          photo_ids: [1, 2],
          disposition: 'RESTOCK',
          location: 'BIN-1',
        },
        {
          product_id: 8,
          quantity: 3,
          condition: 'Scrap',
          reason: 'DAMAGED',
          comment: '',
          photo_ids: [],
          disposition: 'SCRAP',
          location: '',
        },
        {
          product_id: 7,
          quantity: 1,
          condition: 'Pristine',
          reason: 'DAMAGED',
          comment: '',
          photo_ids: [],
          disposition: null,
          location: '',
          grade: 'B',
          step_answers: [{ answer: 'yes' }],
          serial: 'SN-1',
        },
      ],
    });
  });
});
