import type { DataTableColumns } from 'naive-ui';
import { h } from 'vue';
import type { Trade } from '../api/types';
import { formatMoney, formatPrice, formatTime } from '../format';
import { decimalsOf, qualified } from '../instruments';

/** A trade as the tables show it: the trade list and a statement's trades of the day. */
export const tradeColumns: DataTableColumns<Trade> = [
  { title: 'Time', key: 'trade_date_time', render: (t) => formatTime(t.trade_date_time, 'ns') },
  { title: 'Instrument', key: 'instrument_id', render: (t) => qualified(t.exchange_id, t.instrument_id) },
  { title: 'Side', key: 'direction', render: (t) => h('span', { class: t.direction === 'BUY' ? 'up' : 'down' }, `${t.direction} ${t.offset}`) },
  { title: 'Price', key: 'price', align: 'right', render: (t) => formatPrice(t.price, decimalsOf(qualified(t.exchange_id, t.instrument_id))) },
  { title: 'Volume', key: 'volume', align: 'right' },
  { title: 'Fee', key: 'commission', align: 'right', render: (t) => formatMoney(t.commission) },
  { title: 'Order', key: 'order_id', ellipsis: { tooltip: true } },
];
