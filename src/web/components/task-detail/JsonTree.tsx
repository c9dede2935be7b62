import { useState } from 'react';
import { Box, Code, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

// A small collapsible JSON tree: task logs are short, so a tiny recursive view is enough and
// keeps the bundle free of a JSON-viewer dependency.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How a reader names keys and values (a task's log in the reader's language); the data stays as stored. */
export interface JsonLabels {
  key: (name: string) => string;
  value: (key: string | null, value: unknown) => unknown;
}

const asStored: JsonLabels = { key: (name) => name, value: (_, value) => value };

function Scalar({ value, shown }: { value: Json; shown: unknown }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        null
      </Text>
    );
  if (typeof value === 'string')
    return (
      <Text span c="teal.9" style={{ wordBreak: 'break-word' }}>
        &quot;{String(shown)}&quot;
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
      {String(shown)}
    </Text>
  );
}

function Node({ name, value, depth, labels }: { name: string | null; value: Json; depth: number; labels: JsonLabels }) {
  const isBranch = value !== null && typeof value === 'object';
  // Top two levels open, deeper ones folded: the log entries show, their payloads stay tidy.
  const [open, setOpen] = useState(depth < 2);
  const label =
    name !== null ? (
      <Text span fw={500}>
        {/^\d+$/.test(name) ? name : labels.key(name)}:{' '}
      </Text>
    ) : null;
  if (!isBranch) {
    return (
      <Box pl={depth ? 18 : 0} py={1} ff="monospace" fz="sm">
        {label}
        <Scalar value={value} shown={labels.value(name, value)} />
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
      {open && entries.map(([k, v]) => <Node key={k} name={k} value={v} depth={depth + 1} labels={labels} />)}
    </Box>
  );
}

export function JsonTree({ data, labels = asStored }: { data: unknown; labels?: JsonLabels }) {
  if (data === undefined) return <Code>undefined</Code>;
  return (
    <Box data-testid="json-tree">
      <Node name={null} value={data as Json} depth={0} labels={labels} />
    </Box>
  );
}
