// The audit trail's field names in the reader's language (issue 24). The server stores each change
// with the record's own field names (`can_blind`, `user_status`): programs read them, so they stay as
// stored, and the SPA names the fields of the records whose trail it shows (users, customers and
// their reasons and connections). A field this table does not know is shown by its stored name.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const FIELDS: Record<string, MessageDescriptor> = {
  id: msg({ message: 'ID', context: 'audit field' }),
  // A user (contract/users.ts adminUser, plus the flags users.service.ts adds to an entry).
  name: msg({ message: 'Name', context: 'audit field' }),
  email: msg({ message: 'Email', context: 'audit field' }),
  username: msg({ message: 'Username', context: 'audit field' }),
  is_su: msg({ message: 'Administrator', context: 'audit field' }),
  is_brand: msg({ message: 'Brand user', context: 'audit field' }),
  user_status: msg({ message: 'Account status', context: 'audit field' }),
  customer_ids: msg({ message: 'Customers', context: 'audit field' }),
  language: msg({ message: 'Language', context: 'audit field' }),
  invited: msg({ message: 'Invitation sent', context: 'audit field' }),
  password_changed: msg({ message: 'Password changed', context: 'audit field' }),
  // A customer (contract/customers.ts adminCustomer without its children).
  company: msg({ message: 'Company', context: 'audit field' }),
  can_blind: msg({ message: 'Blind returns allowed', context: 'audit field' }),
  customer_status: msg({ message: 'Customer status', context: 'audit field' }),
  order_source: msg({ message: 'Order source', context: 'audit field' }),
  cdn_url_1: msg({ message: 'CDN URL 1', context: 'audit field' }),
  cdn_url_2: msg({ message: 'CDN URL 2', context: 'audit field' }),
  photo_required_conditions: msg({ message: 'Photo required for', context: 'audit field' }),
  parcel_amber_days: msg({ message: 'Parcel amber after (days)', context: 'audit field' }),
  parcel_red_days: msg({ message: 'Parcel red after (days)', context: 'audit field' }),
  currency: msg({ message: 'Currency', context: 'audit field' }),
  is_reserved: msg({ message: 'Reserved customer', context: 'audit field' }),
  // A customer's reason and connection (optionView, connectionView, the secrets' replaced flags).
  customer_id: msg({ message: 'Customer ID', context: 'audit field' }),
  option_type: msg({ message: 'Option type', context: 'audit field' }),
  option_code: msg({ message: 'Option code', context: 'audit field' }),
  option_value: msg({ message: 'Option value', context: 'audit field' }),
  connection_type: msg({ message: 'Connection type', context: 'audit field' }),
  biztalk_schema: msg({ message: 'BizTalk schema', context: 'audit field' }),
  biztalk_sender: msg({ message: 'BizTalk sender', context: 'audit field' }),
  biztalk_receiver: msg({ message: 'BizTalk receiver', context: 'audit field' }),
  endpoint: msg({ message: 'Endpoint', context: 'audit field' }),
  has_short_token: msg({ message: 'Short token set', context: 'audit field' }),
  has_long_token: msg({ message: 'Long token set', context: 'audit field' }),
  short_token_replaced: msg({ message: 'Short token replaced', context: 'audit field' }),
  long_token_replaced: msg({ message: 'Long token replaced', context: 'audit field' }),
  connection_meta: msg({ message: 'Connection settings', context: 'audit field' }),
};

/** A changed field's name as people read it; an unknown field keeps its stored name. */
export function auditFieldLabel(i18n: I18n, field: string): string {
  const known = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
  return known ? i18n._(known) : field;
}

/** A changed value: yes/no for a flag, text as stored, anything else as JSON ('—' for none). */
export function auditValueLabel(i18n: I18n, value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'boolean')
    return i18n._(value ? msg({ message: 'yes', context: 'audit value' }) : msg({ message: 'no', context: 'audit value' }));
  return typeof value === 'string' ? value : JSON.stringify(value);
}
