import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './ChartFrame.module.css';

/** A dashboard tile: a heading, the chart (described for screen readers), the numbers beside it, a link. */
export function Tile({
  title,
  link,
  linkLabel,
  children,
  testId,
}: {
  title: string;
  link?: string;
  linkLabel?: string;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Title order={2} size="h4">
            {title}
          </Title>
          {link && (
            <Anchor component={Link} to={link} size="sm">
              {linkLabel ?? t`Open in History`}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The chart itself is a picture of the numbers shown beside it: one image with a text alternative,
 * its SVG kept out of the keyboard order (recharts' accessibility layer off), so screen readers read
 * the numbers, not the bars.
 */
export function ChartImage({ label, children, height, width }: { label: string; children: ReactNode; height: number; width?: number }) {
  // A chart of a fixed width (a donut) keeps it, so a narrow tile puts the table under it, not over it.
  const fluid = width === undefined;
  return (
    <div
      role="img"
      aria-label={label}
      className={fluid ? classes.fluid : undefined}
      style={fluid ? { height } : { height, width, flex: 'none' }}
    >
      {children}
    </div>
  );
}

export function NoData() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>Nothing in this period.</Trans>
    </Text>
  );
}
