import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

/**
 * A signing secret or API key, shown this once (the server keeps only a sealed copy or a hash):
 * copy it now, then dismiss.
 */
export function SecretOnce({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="yellow" icon={<IconKey size={18} />} title={title} data-testid="secret-once">
      <Stack gap="xs">
        <Text size="sm">
          <Trans>Copy it now: it is shown this once and cannot be read again.</Trans>
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-value">
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? t`Copied` : t`Copy`}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            <Trans>I have copied it</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
