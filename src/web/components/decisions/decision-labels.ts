// Why a line waits for the brand's decision (issue 25), as the queue and the return view say it.
// In the common catalogue: the portal's Decisions screen and the Return View both show it.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format';

const VALUE_LABEL: Record<string, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
  WRONG_ITEM: msg`Wrong item`,
  EXTRA_ITEM: msg`Extra item`,
};

/** 'condition:Scrap' → "Waits: condition Scrap"; 'unit_value:5000' → "Waits: unit value above 50.00". */
export function ruleText(i18n: I18n, rule: string): string {
  const [kind, raw = ''] = rule.split(':');
  const label = VALUE_LABEL[raw];
  const value = label ? i18n._(label) : raw;
  if (kind === 'condition') return i18n._(msg`Waits: condition ${value}`);
  if (kind === 'discrepancy') return i18n._(msg`Waits: discrepancy ${value}`);
  if (kind === 'unit_value') {
    const amount = formatNumber(Number(raw) / 100);
    return i18n._(msg`Waits: unit value above ${amount}`);
  }
  return rule;
}
