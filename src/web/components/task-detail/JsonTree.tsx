import { useState } from 'react';
import { Box, Code, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

// A small collapsible JSON tree: task logs are short, so a tiny recursive view is enough and
// keeps the bundle free of a JSON-viewer dependency.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function Scalar({ value }: { value: Json }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        null
      </Text>
    );
  if (typeof value === 'string')
    return (
      <Text span c="teal.9" style={{ wordBreak: 'break-word' }}>
        &quot;{value}&quot;
      </Text>
    );
  if (typeof value === 'number')
    return (
      <Text span c="blue.8">
        {value}
      </Text>
    );
  return (
    <Text span c="grape.7">
      {String(value)}
    </Text>
  );
}

function Node({ name, value, depth }: { name: string | null; value: Json; depth: number }) {
  const isBranch = value !== null && typeof value === 'object';
  // Top two levels open, deeper ones folded: the log entries show, their payloads stay tidy.
  const [open, setOpen] = useState(depth < 2);
  const label =
    name !== null ? (
      <Text span fw={500}>
        {name}:{' '}
      </Text>
    ) : null;
  if (!isBranch) {
    return (
      <Box pl={depth ? 18 : 0} py={1} ff="monospace" fz="sm">
        {label}
        <Scalar value={value} />
      </Box>
    );
  }
  const entries: [string, Json][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <Box pl={depth ? 18 : 0} ff="monospace" fz="sm">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        py={1}
        style={{ display: 'flex', alignItems: 'center', gap: 4 }}
      >
        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        {label}
        <Text span c="dimmed">
          {summary}
        </Text>
      </UnstyledButton>
      {open && entries.map(([k, v]) => <Node key={k} name={k} value={v} depth={depth + 1} />)}
    </Box>
  );
}

export function JsonTree({ data }: { data: unknown }) {
  if (data === undefined) return <Code>undefined</Code>;
  return (
    <Box data-testid="json-tree">
      <Node name={null} value={data as Json} depth={0} />
    </Box>
  );
}
