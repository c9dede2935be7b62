// The dashboard's tiles about the tasks that carry returns on: the backlog now and the failed
// deliveries of the period (admins follow them to the Task Monitor).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { returnViewPath } from '../../../contract/return-view';
import { formatDateTime } from '../../lib/format';
import { Tile } from './ChartFrame';
import { BigNumber } from './FigureTable';

/** A scrolled list is reachable from the keyboard (WCAG 2.1.1): focusable, named as a region. */
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

type TasksOf = (status: 'Pending' | 'Error') => string | undefined;
/** The Task Monitor's status code of failed tasks. */
const ERROR_STATUS = 'Error';

export function BacklogTile({ backlog, tasksOf }: { backlog: DashboardAnswer['backlog']; tasksOf: TasksOf }) {
  const { t } = useLingui();
  const oldest = backlog.oldest;
  return (
    <Tile title={t`Backlog now`} testId="tile-backlog">
      <Group gap="xl">
        <BigNumber label={t`Tasks pending`} value={backlog.pending} testId="backlog-Pending" to={tasksOf('Pending')} />
        <BigNumber label={t`Tasks in error`} value={backlog.error} testId="backlog-Error" to={tasksOf('Error')} />
      </Group>
      {oldest ? (
        <OldestTask oldest={oldest} />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No task is waiting or in error.</Trans>
        </Text>
      )}
    </Tile>
  );
}

function OldestTask({ oldest }: { oldest: NonNullable<DashboardAnswer['backlog']['oldest']> }) {
  // The task type and status are the Task Monitor's codes, shown as they are there.
  const { task_type: type, task_status: status, return_id: returnId } = oldest;
  const since = formatDateTime(oldest.created_at);
  return (
    <Text size="sm">
      <Trans>
        Oldest: {type} ({status}) since {since}
      </Trans>
      {returnId !== null && (
        <>
          {' — '}
          <Anchor component={Link} to={returnViewPath({ id: returnId, order_id: oldest.order_id })} size="sm">
            <Trans>Return #{returnId}</Trans>
          </Anchor>
        </>
      )}
    </Text>
  );
}

export function FailedTile({ failed, tasksOf }: { failed: DashboardAnswer['failed_deliveries']; tasksOf: TasksOf }) {
  const { t } = useLingui();
  const total = failed.total;
  return (
    <Tile title={t`Failed deliveries`} testId="tile-failed" link={tasksOf(ERROR_STATUS)} linkLabel={t`Open in Task Monitor`}>
      <Text size="sm">
        <Plural
          value={total}
          one={
            <Trans>
              <Text span fw={700} size="xl" data-testid="failed-total">
                #
              </Text>{' '}
              outbound delivery failed in this period
            </Trans>
          }
          other={
            <Trans>
              <Text span fw={700} size="xl" data-testid="failed-total">
                #
              </Text>{' '}
              outbound deliveries failed in this period
            </Trans>
          }
        />
      </Text>
      {failed.items.length > 0 && (
        <ScrollArea.Autosize mah={160} type="auto" viewportProps={scrollRegion(t`Failed deliveries, newest first`)}>
          <Table fz="sm" verticalSpacing={2} aria-label={t`Failed deliveries`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Return</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Account</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Failed</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failed.items.map((f) => {
                const taskNumber = f.task_id;
                return (
                  <Table.Tr key={f.task_id}>
                    <Table.Td>
                      {f.return_id !== null ? (
                        <Anchor component={Link} to={returnViewPath({ id: f.return_id, order_id: f.order_id })}>
                          #{f.return_id}
                        </Anchor>
                      ) : (
                        t`Task #${taskNumber}`
                      )}
                    </Table.Td>
                    <Table.Td>{f.company}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="red" size="sm">
                        {f.task_type}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.failed_at)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Tile>
  );
}
