import { describe, expect, it } from 'vitest';
import { taskTimelineColor, taskTimelineTitle } from './timeline';

describe('Return View timeline', () => {
  it('titles tasks by type', () => {
    expect(['SGL Outbound', 'FGL Outbound', 'Ecommerce Outbound', 'SGL REST Create', 'System Log', 'Mail'].map(taskTimelineTitle)).toEqual([
      'Biztalk File',
      'Biztalk File',
      'Ecommerce Return',
      'Rest API',
      'System Log',
      'System Log',
    ]);
  });

  it('colours task bullets as SPEC §2.10 says', () => {
    const c = (task_type: string, task_status: string) => taskTimelineColor({ task_type, task_status });
    expect(c('SGL Outbound', 'Error')).toBe('red');
    expect(c('SGL REST Create', 'Error')).toBe('red');
    expect(c('SGL Outbound', 'Success')).toBe('green');
    expect(c('Ecommerce Outbound', 'Success')).toBe('green');
    expect(c('SGL Outbound', 'Pending')).toBe('gray');
    expect(c('Ecommerce Outbound', 'Log Only')).toBe('gray');
    expect(c('System Log', 'Log Only')).toBe('blue');
    expect(c('System Log', 'Success')).toBe('blue');
    expect(c('SGL REST Create', 'Log Only')).toBe('green');
    expect(c('Mail', 'Success')).toBe('gray');
  });
});
