import { useLingui } from '@lingui/react/macro';
import { Group, Image, Text } from '@mantine/core';
import logoUrl from '../assets/logo.svg';
import { APP_NAME } from '../lib/page-title';

/** The product mark, optionally with its name beside it. */
export function Logo({ size = 32, withName = true, nameSize = 'lg' }: { size?: number; withName?: boolean; nameSize?: string }) {
  const { t } = useLingui();
  return (
    <Group gap={10} wrap="nowrap">
      <Image src={logoUrl} alt={t`Returns Desk logo`} w={size} h={size} fit="contain" />
      {withName && (
        <Text fw={700} size={nameSize} c="dark.7" style={{ letterSpacing: -0.2, whiteSpace: 'nowrap' }}>
          {APP_NAME}
        </Text>
      )}
    </Group>
  );
}
