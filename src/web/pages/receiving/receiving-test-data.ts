// An order of two lines and a customer's dispositions, for the receiving page's unit and component tests.
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';

const product = (id: number, sku: string, upc: string) => ({ id, customer_id: 5, sku, upc, name_1: sku, color: null, size: null });
export const order: OrderDetail = {
  id: 1,
  customer_id: 5,
  delivery_number: '80012345',
  order_number: 'SO-10001',
  web_order_number: null,
  buyer_reference: null,
  order_type: null,
  source: 'Biztalk',
  source_id_1: 'S1',
  order_status: 'New',
  created_at: '2026-01-01T00:00:00.000Z',
  delivery_name_1: 'Emma de Vries',
  delivery_name_2: null,
  delivery_address_1: null,
  delivery_address_2: null,
  delivery_address_3: null,
  delivery_city: 'Amsterdam',
  delivery_state: null,
  delivery_zipcode: null,
  delivery_country: null,
  delivery_contact: null,
  delivery_phone: null,
  delivery_email: null,
  order_lines: [
    { id: 11, order_id: 1, product_id: 21, quantity: 2, product: product(21, 'CAP-BLK', '4006310000170') },
    { id: 12, order_id: 1, product_id: 22, quantity: 1, product: product(22, 'HOODIE-M', '4006310000101') },
  ],
  reasons: [
    { id: 1, option_code: 'DMG', option_value: 'Damaged' },
    { id: 2, option_code: 'WRONG', option_value: 'Wrong size' },
  ],
  ledgers: [],
  returns: [],
};

const disposition = (code: string, requiresLocation: boolean, defaultFor: DispositionView['default_for'] = []): DispositionView => ({
  id: code.length,
  customer_id: 5,
  code,
  name: code,
  requires_location: requiresLocation,
  default_for: defaultFor,
});
export const dispositions = [disposition('REFURB', false, ['Reconditioning']), disposition('SHELF', true, ['Pristine'])];
