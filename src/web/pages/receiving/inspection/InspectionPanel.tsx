// Issue 27 at the desk: the open inspection of one unit, in its line's detail area. The cursor sits on
// the current step (or the serial field); Enter confirms a step, Y/N answers a yes/no step, the grade
// keys (shown on the buttons) set the grade. A rule without steps ends with the grade: a grade key, or
// Enter on the suggested one. Every key has a button of touch size beside it. Receiving and the blind
// return show the same panel.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconCamera, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { GradeScaleEntry } from '../../../../contract/inspection';
import { GRADE_KEYS, gradeOfCondition, gradeOfKey, type Inspection, type InspectionAction } from './inspection-state';
import classes from './inspection.module.css';

export interface InspectionPanelProps {
  inspection: Inspection;
  scale: readonly GradeScaleEntry[];
  /** The condition the next scans record: its grade is taken when no grade key was pressed. */
  nextCondition: string;
  /** The entry has a photo (a photo step needs one). */
  hasPhoto: boolean;
  /** Serials already on this return or this order's earlier returns: a repeat is flagged. */
  seenSerials: readonly string[];
  onAction: (action: InspectionAction) => void;
  /** Opens the photo dialog of the entry (Alt+C). */
  onPhoto: () => void;
  /** A key the inspection does not take (a product scanned mid-inspection): the scan field takes it. */
  onStray: () => void;
}

// Apart (focus-inspection.ts), so the order panel moves the cursor without loading this module.
export { focusInspection } from './focus-inspection';

export function InspectionPanel(props: InspectionPanelProps) {
  const { inspection: s, scale } = props;
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const label = (grade: string) => scale.find((g) => g.grade === grade)?.label ?? grade;
  const sku = s.sku;

  // The cursor follows the inspection: the serial field, then each step in turn.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-inspection-focus]')?.focus();
  }, [s.phase, s.step]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target as HTMLElement).tagName === 'INPUT') return;
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onAction({ type: 'confirm', hasPhoto: props.hasPhoto });
      return;
    }
    if (e.key.length !== 1) return;
    const step = s.rule.steps[s.step];
    const key = e.key.toUpperCase();
    if (step?.kind === 'yes_no' && (key === 'Y' || key === 'N')) {
      e.preventDefault();
      props.onAction({ type: 'answer', answer: key === 'Y' ? 'yes' : 'no' });
      return;
    }
    const grade = gradeOfKey(key);
    if (grade) {
      e.preventDefault();
      props.onAction({ type: 'grade', grade });
      return;
    }
    if (e.key !== ' ' && e.key !== '?') props.onStray();
  };

  const problem = s.problem;
  const problemText =
    problem?.kind === 'serialRequired'
      ? t`Scan the serial number: this product needs one.`
      : problem?.kind === 'serialNotShipped'
        ? t`Serial ${problem.serial} was not shipped on this order. Shipped: ${problem.shipped.join(', ')}.`
        : problem?.kind === 'photoFirst'
          ? t`Take a photo of the unit first (Alt+C).`
          : problem?.kind === 'answerYesNo'
            ? t`Answer with Y (yes) or N (no).`
            : null;
  const fixedByNo = s.rule.steps.some((st, i) => st.kind === 'yes_no' && st.no_grade && s.answers[i] === 'no');
  const suggested = s.grade ?? gradeOfCondition(scale, props.nextCondition);
  const suggestedLabel = suggested ? label(suggested) : '—';
  const showShipped = s.rule.serial_check !== 'any' && s.rule.shipped_serials.length > 0;
  const shippedList = s.rule.shipped_serials.join(', ');

  return (
    <Paper
      ref={ref}
      className={classes.panel}
      role="group"
      aria-label={t`Inspection of ${sku}`}
      data-testid="inspection"
      onKeyDown={onKeyDown}
    >
      {s.phase === 'serial' && (
        <div>
          <TextInput
            size="xs"
            label={s.rule.serial === 'required' ? t`Serial number (required): scan it` : t`Serial number: scan it, or Enter for none`}
            maxLength={100}
            data-inspection-focus
            data-testid="inspection-serial"
            autoComplete="off"
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.altKey) return;
              e.preventDefault();
              props.onAction({ type: 'serial', value: e.currentTarget.value, seen: props.seenSerials });
              e.currentTarget.select();
            }}
          />
          {showShipped && (
            <Text fz="xs" c="dimmed" mt={2}>
              <Trans>Shipped on this order: {shippedList}</Trans>
            </Text>
          )}
        </div>
      )}
      {s.serial && (
        <Text fz="xs" data-testid="inspection-serial-taken">
          <Trans>Serial {s.serial}</Trans>
          {s.serialShipped === false && (
            <Badge ml={6} size="xs" color="orange" classNames={{ root: classes.flag, label: classes.flagLabel }}>
              {s.blind ? (
                <Trans>no shipped serials on a blind return: recorded as a discrepancy</Trans>
              ) : (
                <Trans>not shipped: recorded as a discrepancy</Trans>
              )}
            </Badge>
          )}
          {s.serialRepeated && (
            <Badge ml={6} size="xs" color="red" classNames={{ root: classes.flag, label: classes.flagLabel }}>
              <Trans>received before</Trans>
            </Badge>
          )}
        </Text>
      )}
      {s.rule.steps.length > 0 && (
        <ol className={classes.steps} aria-label={t`Inspection steps`}>
          {s.rule.steps.map((step, i) => {
            const current = s.phase === 'steps' && i === s.step;
            const answer = s.answers[i];
            const n = i + 1;
            return (
              <li key={i} className={classes.step} aria-current={current ? 'step' : undefined} data-testid="inspection-step">
                <Text fz="sm" className={classes.stepText}>
                  {n}. {step.text}
                </Text>
                {answer && (
                  <Badge size="sm" color={answer === 'no' ? 'orange' : 'green'} leftSection={<IconCheck size={12} aria-hidden />}>
                    {answer === 'yes' ? t`Yes` : answer === 'no' ? t`No` : t`Done`}
                  </Badge>
                )}
                {current && step.kind === 'yes_no' && (
                  <Group gap={4}>
                    <Button size="xs" data-inspection-focus onClick={() => props.onAction({ type: 'answer', answer: 'yes' })}>
                      <Trans>Yes (Y)</Trans>
                    </Button>
                    <Button size="xs" variant="light" color="orange" onClick={() => props.onAction({ type: 'answer', answer: 'no' })}>
                      <Trans>No (N)</Trans>
                    </Button>
                  </Group>
                )}
                {current && step.kind === 'photo' && (
                  <Button
                    size="xs"
                    variant={props.hasPhoto ? 'light' : 'filled'}
                    leftSection={<IconCamera size={14} />}
                    onClick={props.onPhoto}
                  >
                    {props.hasPhoto ? <Trans>Photo taken (Alt+C for another)</Trans> : <Trans>Photo (Alt+C)</Trans>}
                  </Button>
                )}
                {current && step.kind !== 'yes_no' && (
                  <Button
                    size="xs"
                    variant={step.kind === 'photo' && !props.hasPhoto ? 'default' : 'filled'}
                    data-inspection-focus
                    onClick={() => props.onAction({ type: 'confirm', hasPhoto: props.hasPhoto })}
                  >
                    <Trans>Done (Enter)</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className={classes.grades} role="group" aria-label={t`Grade`}>
        <Text fz="xs" fw={600}>
          {fixedByNo ? <Trans>Grade {suggestedLabel} (set by a “no”)</Trans> : <Trans>Grade {suggestedLabel}</Trans>}
        </Text>
        {GRADE_KEYS.map(({ key, grade }) => (
          <Button
            key={grade}
            size="compact-xs"
            variant={s.grade === grade ? 'filled' : 'default'}
            aria-pressed={s.grade === grade}
            disabled={fixedByNo}
            onClick={() => props.onAction({ type: 'grade', grade })}
            data-grade={grade}
          >
            {key} · {label(grade)}
          </Button>
        ))}
        {s.phase === 'grade' && (
          <Button size="compact-xs" data-inspection-focus onClick={() => props.onAction({ type: 'confirm', hasPhoto: props.hasPhoto })}>
            <Trans>Keep grade {suggestedLabel} (Enter)</Trans>
          </Button>
        )}
      </div>
      {problemText && (
        <Text fz="sm" c="red" role="alert" data-testid="inspection-problem">
          {problemText}
        </Text>
      )}
    </Paper>
  );
}
