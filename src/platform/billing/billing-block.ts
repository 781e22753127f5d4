import { microsToUsd } from './money';

export interface BillingBlock {
  cost_usd: number;
  balance_usd: number;
  currency: 'USD';
}

/** The `billing` object on every billed response (balance after the charge). */
export function billingBlock(costMicros: number, balanceMicros: number): BillingBlock {
  return { cost_usd: microsToUsd(costMicros), balance_usd: microsToUsd(balanceMicros), currency: 'USD' };
}
