import type { TaskType } from '../../../contract/constants.js';
import type { ConnectionRow } from '../../db/schema/index.js';

/** What a return's save needs of a connection: which outbound task it calls for. */
export type OutboundConnection = Pick<ConnectionRow, 'id' | 'connectionType' | 'connectionMeta'>;

/** Which outbound task a connection calls for when a return is saved; null for inbound connections. */
export function outboundTaskType(connection: OutboundConnection): TaskType | null {
  if (connection.connectionType === 'Biztalk Outbound Return') {
    return connection.connectionMeta?.format === 'FLAT' ? 'FGL Outbound' : 'SGL Outbound';
  }
  if (connection.connectionType === 'SGL Ecom') return 'Ecommerce Outbound';
  return null;
}

/**
 * The tasks that carry a saved return to the customer's systems, one per outbound connection in
 * the connections' order. The return's save queues them in its own statement (returns.repository
 * save), so the tasks exist exactly when the return does.
 */
export function outboundTasks(rows: OutboundConnection[]): { connectionId: number; taskType: TaskType }[] {
  return rows.flatMap((connection) => {
    const taskType = outboundTaskType(connection);
    return taskType ? [{ connectionId: connection.id, taskType }] : [];
  });
}
