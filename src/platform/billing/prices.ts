// The published price table lives with the operations it prices: src/generation/prices.ts. Billing
// (GET /v1/pricing, POST /v1/billing/estimate) reads the same table through this view.
export * from '../../generation/prices';
