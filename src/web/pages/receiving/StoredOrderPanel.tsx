import { OrderPanel, type OrderPanelProps } from './OrderPanel';
import { useReceiving, type ReceivingStore } from './use-receiving-state';

/** The order panel over the receiving store: the one part of the page a scan renders again (issue 28). */
export function StoredOrderPanel({ store, ...props }: Omit<OrderPanelProps, 'state' | 'dispatch'> & { store: ReceivingStore }) {
  const state = useReceiving(store, (s) => s);
  if (!state.order || !state.draft) return null;
  return <OrderPanel {...props} state={{ ...state, order: state.order, draft: state.draft }} dispatch={store.dispatch} />;
}
