import assert from 'node:assert/strict';

/** SHFE.cu2701 in the admin form, as config/instruments.toml ships it. */
export function assertCopperAdminForm(cu: Record<string, unknown>): void {
  assert.equal(cu.instrument_name, 'Copper 2701');
  assert.equal(cu.instrument_type, 'FUTURE');
  assert.equal(cu.exchange, 'SHFE');
  assert.equal(cu.contract_multiplier, 5);
  assert.equal(cu.price_tick, 10);
  assert.equal(cu.margin_rate, 0.09);
  assert.equal(cu.commission_rate, 0.00005);
  assert.equal(cu.limit_up_rate, 0.08);
  assert.equal(cu.limit_down_rate, 0.08);
  assert.equal(cu.list_date, '2026-01-16');
  assert.equal(cu.expire_date, '');
  assert.equal(cu.status, 'active');
}
