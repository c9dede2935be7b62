// Display labels of an inspection rule's fixed values (issue 27); the API keeps the codes.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RuleMatch, SerialCapture, SerialCheck, StepKind } from '../../../../contract/inspection-rules';
import type { LedgerCondition } from '../../../../contract/constants';
import type { DecisionRuleKind } from '../../../../contract/decisions';
import type { LineDiscrepancy } from '../../../../contract/disposition-rules';

export const MATCH_LABELS: Record<RuleMatch, MessageDescriptor> = {
  sku: msg`SKU`,
  prefix: msg`SKU prefix`,
  category: msg`Category`,
  default: msg({ message: 'Default', context: 'inspection rule' }),
};

export const STEP_KIND_LABELS: Record<StepKind, MessageDescriptor> = {
  confirm: msg`Confirm`,
  photo: msg`Photo required`,
  yes_no: msg`Answer yes/no`,
};

export const SERIAL_LABELS: Record<SerialCapture, MessageDescriptor> = {
  none: msg({ message: 'None', context: 'serial capture' }),
  optional: msg({ message: 'Optional', context: 'serial capture' }),
  required: msg({ message: 'Required', context: 'serial capture' }),
};

export const SERIAL_CHECK_LABELS: Record<SerialCheck, MessageDescriptor> = {
  any: msg`Any serial`,
  shipped: msg`Must be shipped (refuse others)`,
  shipped_or_discrepancy: msg`Must be shipped (else a discrepancy)`,
};

/** Decision rules (issue 25): what makes a submitted line wait for the brand. */
export const DECISION_KIND_LABELS: Record<DecisionRuleKind, MessageDescriptor> = {
  condition: msg`By condition`,
  discrepancy: msg`By discrepancy`,
  unit_value: msg`By unit value`,
};
export const DECISION_CONDITION_LABELS: Record<LedgerCondition, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
};
export const DECISION_DISCREPANCY_LABELS: Record<LineDiscrepancy, MessageDescriptor> = {
  WRONG_ITEM: msg`Wrong item`,
  EXTRA_ITEM: msg`Extra item`,
};
