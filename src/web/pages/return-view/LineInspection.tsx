// A line's inspection on the Return View (issue 27): its grade by the customer's name for it, its
// serial with a mark when it was not shipped on the order or was received before, and the steps with
// their answers behind a disclosure button (a native button: Enter and Space open it from the keyboard),
// so a line with eight steps keeps the table as compact as a line without.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { LedgerInspection } from '../../../contract/inspection';
import { GRADE_LABEL, gradeName, labelOf } from '../history/labels';
import classes from './LineInspection.module.css';

type StepAnswer = NonNullable<LedgerInspection['step_answers']>[number];

function AnswerBadge({ step }: { step: StepAnswer }) {
  if (step.answer === 'yes')
    return (
      <Badge size="xs" color="green" variant="light">
        <Trans>Yes</Trans>
      </Badge>
    );
  if (step.answer === 'no')
    return (
      <Badge size="xs" color="orange" variant="light">
        <Trans>No</Trans>
      </Badge>
    );
  return (
    <Badge size="xs" color="gray" variant="light">
      {step.kind === 'photo' ? <Trans>Photo taken</Trans> : <Trans>Done</Trans>}
    </Badge>
  );
}

/** `blind`: a blind return has no order, so its checked serials are "not shipped" for that reason. */
export function LineInspection({ inspection, blind }: { inspection: LedgerInspection; blind: boolean }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const steps = inspection.step_answers ?? [];
  const count = steps.length;
  const noes = steps.filter((s) => s.answer === 'no').length;
  const serial = inspection.serial;
  const grade = inspection.grade;
  return (
    <Stack gap={4} className={classes.root} data-testid="line-inspection">
      {grade && (
        <Badge
          color="teal"
          variant="light"
          classNames={{ root: classes.wrap, label: classes.wrapLabel }}
          data-testid="line-grade"
          data-grade={grade}
          title={labelOf(GRADE_LABEL, grade, (d) => i18n._(d))}
        >
          {gradeName(grade, inspection.grade_label, (d) => i18n._(d))}
        </Badge>
      )}
      {serial && (
        <Group gap={4} wrap="wrap" data-testid="line-serial">
          <Text size="xs">
            <Trans>
              Serial <span className={classes.code}>{serial}</span>
            </Trans>
          </Text>
          {inspection.serial_shipped === false && (
            <Badge size="xs" color="orange" classNames={{ root: classes.wrap, label: classes.wrapLabel }} data-testid="serial-not-shipped">
              {blind ? <Trans>no shipped serials on a blind return</Trans> : <Trans>not shipped on the order</Trans>}
            </Badge>
          )}
          {inspection.serial_repeated && (
            <Badge size="xs" color="red" classNames={{ root: classes.wrap, label: classes.wrapLabel }} data-testid="serial-repeated">
              <Trans>received before</Trans>
            </Badge>
          )}
        </Group>
      )}
      {count > 0 && (
        <div>
          <Button
            size="compact-xs"
            variant="subtle"
            px={4}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            leftSection={open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            className={classes.toggle}
            data-testid="line-steps-toggle"
          >
            {noes > 0
              ? t`${plural(count, { one: '# step', other: '# steps' })}, ${plural(noes, { one: '# “no”', other: '# “no”' })}`
              : t`${plural(count, { one: '# step', other: '# steps' })}`}
          </Button>
          {open && (
            <ol id={listId} className={classes.steps} aria-label={t`Inspection steps`} data-testid="line-steps">
              {steps.map((s, i) => (
                <li key={i} className={classes.step} data-testid="line-step" data-answer={s.answer}>
                  <Text size="xs" className={classes.stepText}>
                    {s.text}
                  </Text>
                  <AnswerBadge step={s} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Stack>
  );
}
