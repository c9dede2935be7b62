import { asc, eq } from 'drizzle-orm';
import type { TaskType } from '../../../contract/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';

type ConnectionRow = Pick<typeof connections.$inferSelect, 'id' | 'connectionType' | 'connectionMeta'>;

/** Which outbound task a connection calls for when a return is saved; null for inbound connections. */
export function outboundTaskType(connection: ConnectionRow): TaskType | null {
  if (connection.connectionType === 'Biztalk Outbound Return') {
    return connection.connectionMeta?.format === 'FLAT' ? 'FGL Outbound' : 'SGL Outbound';
  }
  if (connection.connectionType === 'SGL Ecom') return 'Ecommerce Outbound';
  return null;
}

/**
 * Queues the tasks that carry a saved return to the customer's systems. Called with the submit
 * transaction (order-based and blind returns alike), so the tasks exist exactly when the return does.
 */
export async function enqueueOutboundTasks(
  tx: DbOrTx,
  saved: { returnId: number; customerId: number; orderId: number | null },
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .select({ id: connections.id, connectionType: connections.connectionType, connectionMeta: connections.connectionMeta })
    .from(connections)
    .where(eq(connections.customerId, saved.customerId))
    .orderBy(asc(connections.id));
  const queue = createTaskQueueRepository(tx);
  const ids: number[] = [];
  for (const connection of rows) {
    const taskType = outboundTaskType(connection);
    if (!taskType) continue;
    ids.push(
      await queue.enqueue(
        {
          taskType,
          taskStatus: 'Pending',
          message1: `Return #${saved.returnId}`,
          payload: { returnId: saved.returnId, connectionId: connection.id },
          customerId: saved.customerId,
          orderId: saved.orderId,
          returnId: saved.returnId,
        },
        now,
      ),
    );
  }
  return ids;
}
