import { describe, expect, it } from 'vitest';
import { PARCEL_EVENT_TEXT as P, TASK_TEXT as T } from '../../contract/timeline-texts.js';
import { codeOf } from '../../contract/message-codes.js';
import { parcelEventCodes, taskTextCode } from './timeline-codes.js';

describe('timeline texts get codes (issue 24)', () => {
  it('finds the longer of two alike texts first, with the values of its parts', () => {
    expect(parcelEventCodes(P.receivedForOnePhoto('ACME, Inc', 'A-1'))).toEqual([
      { code: 'parcelEvent.receivedForOnePhoto', params: { 0: 'ACME, Inc', 1: 'A-1' } },
    ]);
    expect(parcelEventCodes(P.receivedForPhotos('ACME', 3, 'A-1'))).toEqual([
      { code: 'parcelEvent.receivedForPhotos', params: { 0: 'ACME', 1: '3', 2: 'A-1' } },
    ]);
    expect(parcelEventCodes(P.receivedUnknown('B-2'))).toEqual([{ code: 'parcelEvent.receivedUnknown', params: { 0: 'B-2' } }]);
    expect(parcelEventCodes(P.closedWithComment('Disposed', 'torn'))[0]?.code).toBe('parcelEvent.closedWithComment');
    expect(parcelEventCodes(P.matched('ORD-1', 7))).toEqual([{ code: 'parcelEvent.matched', params: { 0: 'ORD-1', 1: '7' } }]);
    expect(taskTextCode(T.returnCorrection(12, 2))).toEqual({ code: 'taskText.returnCorrection', params: { 0: '12', 1: '2' } });
    expect(taskTextCode('Return #12')).toEqual({ code: 'taskText.returnTask', params: { 0: '12' } });
    expect(taskTextCode(T.redelivery(4))).toEqual({ code: 'taskText.redelivery', params: { 0: '4' } });
    expect(taskTextCode('return.created to endpoint #4')).toEqual({ code: 'taskText.delivery', params: { 0: 'return.created', 1: '4' } });
    expect(taskTextCode(T.fileCorrection('M2', 'RET_1.xml', 'M1'))?.code).toBe('taskText.fileCorrection');
    expect(taskTextCode(T.workerStopped)).toEqual({ code: 'taskText.workerStopped' });
  });

  it('gives an edit one code per change, and none when a change is unknown', () => {
    const text = P.edited([P.shelfChanged('A', 'B'), P.customerGiven('ACME'), P.noteChanged('—', '"fragile"')].join('; '));
    expect(parcelEventCodes(text)).toEqual([
      { code: 'parcelEvent.edited' },
      { code: 'parcelEvent.shelfChanged', params: { 0: 'A', 1: 'B' } },
      { code: 'parcelEvent.customerGiven', params: { 0: 'ACME' } },
      { code: 'parcelEvent.noteChanged', params: { 0: '—', 1: '"fragile"' } },
    ]);
    expect(parcelEventCodes('Edited: colour red → blue')).toEqual([]);
  });

  it('leaves a text of its own without a code, and keeps timeline patterns out of the answers’ messages', () => {
    expect(taskTextCode('checked by hand')).toBeNull();
    expect(taskTextCode(null)).toBeNull();
    expect(parcelEventCodes('Something else')).toEqual([]);
    // 'File {0}' must not catch an unrelated message of an answer.
    expect(codeOf('File too large')).toBeUndefined();
  });
});
