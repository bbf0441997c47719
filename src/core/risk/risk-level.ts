import type { CoreOptions } from '../state.ts';
import type { RiskLevel } from '../events.ts';

/** Spec formula 6: below the warning threshold normal, below force-close a warning, else force-close. */
export function riskLevelOf(riskRatio: number, options: CoreOptions): RiskLevel {
  if (riskRatio >= options.forceCloseThreshold) return 'force-close';
  if (riskRatio >= options.warningThreshold) return 'warning';
  return 'normal';
}
