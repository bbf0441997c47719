import type { DataTableColumns } from 'naive-ui';
import type { Liquidation } from '../api/types';
import { formatPercent, formatTime } from '../format';

const TRIGGERS: Record<string, string> = { risk: 'risk threshold', settlement: 'at the settlement', admin: 'by the exchange' };

/** An account's forced liquidations, as its owner reads them (statements and the Funds page). */
export const liquidationColumns: DataTableColumns<Liquidation> = [
  { title: 'Liquidation', key: 'liquidation_id', width: 100 },
  { title: 'Time', key: 'datetime', className: 'nowrap', width: 170, render: (r) => formatTime(r.datetime) },
  { title: 'Why', key: 'trigger', minWidth: 130, render: (r) => TRIGGERS[r.trigger] ?? r.trigger },
  { title: 'Risk', key: 'risk', align: 'right', render: (r) => `${formatPercent(r.risk_ratio_before)} → ${formatPercent(r.risk_ratio_after)}` },
  { title: 'Lots closed', key: 'orders', align: 'right', render: (r) => `${r.orders.reduce((n, o) => n + o.filled, 0)} of ${r.orders.reduce((n, o) => n + o.volume, 0)}` },
  { title: 'Orders cancelled', key: 'cancelled_orders', align: 'right' },
  { title: 'Conditional orders cancelled', key: 'cancelled_conditional_orders', align: 'right' },
];
