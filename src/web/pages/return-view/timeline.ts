// Titles and bullet colours of the Return View timeline's tasks (SPEC §2.10).
import type { TaskView } from '../../../contract/tasks';

/** FGL Outbound is the flat-file variant of SGL Outbound: the same BizTalk file, titled and coloured alike. */
const FILE_TYPES = ['SGL Outbound', 'FGL Outbound'];

export function taskTimelineTitle(taskType: string): 'Biztalk File' | 'Ecommerce Return' | 'Rest API' | 'System Log' {
  if (FILE_TYPES.includes(taskType)) return 'Biztalk File';
  if (taskType === 'Ecommerce Outbound') return 'Ecommerce Return';
  if (taskType === 'SGL REST Create') return 'Rest API';
  return 'System Log';
}

/** Red on Error; green on Success for outbound files and web-shop returns; blue System Log; green REST log; else gray. */
export function taskTimelineColor(t: Pick<TaskView, 'task_type' | 'task_status'>): 'red' | 'green' | 'blue' | 'gray' {
  if (t.task_status === 'Error') return 'red';
  if (t.task_status === 'Success' && [...FILE_TYPES, 'Ecommerce Outbound'].includes(t.task_type)) return 'green';
  if (t.task_type === 'System Log') return 'blue';
  if (t.task_type === 'SGL REST Create') return 'green';
  return 'gray';
}
