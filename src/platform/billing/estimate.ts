// POST /v1/billing/estimate: prices operations without running them.
import { microsToUsd } from './money';
import type { EstimateView } from './views';
import { findPrice, OPERATION_TYPES, quote, UNPRICED_TYPES, modelsFor, type OperationType } from './prices';

export interface EstimateOperation {
  type: string;
  model: string;
  count: number;
}

export function estimate(operations: EstimateOperation[], balanceMicros: number): EstimateView {
  let totalMicros = 0;
  let providerMicros = 0;
  let allPriced = true;
  const breakdown = operations.map((op) => {
    const price = findPrice(op.type, op.model);
    if (!price) {
      allPriced = false;
      return {
        type: op.type,
        model: op.model,
        count: op.count,
        priced: false,
        unit: null,
        amount_usd: null,
        provider_cost_usd: null,
        pricing_verified: false,
        reason: unpricedReason(op.type, op.model),
        breakdown: [],
      };
    }
    const q = quote(price, op.count);
    totalMicros += q.amountMicros;
    providerMicros += q.providerCostMicros;
    return {
      type: op.type,
      model: op.model,
      count: op.count,
      priced: true,
      unit: price.unit,
      amount_usd: microsToUsd(q.amountMicros),
      provider_cost_usd: microsToUsd(q.providerCostMicros),
      pricing_verified: price.verified,
      breakdown: q.legs.map((l) => ({
        leg: l.leg,
        unit: l.unit,
        quantity: l.quantity,
        rate_usd: microsToUsd(l.rateMicros),
        amount_usd: microsToUsd(l.amountMicros),
      })),
    };
  });
  return {
    object: 'billing_estimate',
    currency: 'USD',
    billing_model: 'prepaid_wallet_usd',
    total_usd: microsToUsd(totalMicros),
    provider_cost_usd: microsToUsd(providerMicros),
    margin: microsToUsd(totalMicros - providerMicros),
    balance_usd: microsToUsd(balanceMicros),
    // With an unpriced operation, sufficient only says the wallet is not empty.
    sufficient: allPriced ? balanceMicros >= totalMicros : balanceMicros > 0,
    priced: allPriced,
    total_credits: null,
    breakdown,
  };
}

function unpricedReason(type: string, model: string): string {
  // Own keys only: a type named `toString` or `__proto__` is unknown, not the object's prototype.
  const unpriced = Object.hasOwn(UNPRICED_TYPES, type) ? UNPRICED_TYPES[type] : undefined;
  if (unpriced) return unpriced;
  if (!(OPERATION_TYPES as readonly string[]).includes(type)) {
    return `unknown operation type '${type}'; priced types: ${OPERATION_TYPES.join(', ')}`;
  }
  return `no published price for model '${model}' (${type}); priced models: ${modelsFor(type as OperationType).join(', ')}`;
}
