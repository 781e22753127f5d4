/** Money is stored as integer micro-USD and shown as USD numbers at the API edge. */
export const MICROS_PER_USD = 1_000_000;

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

/** USD number for API responses, exact to the micro-dollar. */
export function microsToUsd(micros: number): number {
  return Math.round(micros) / MICROS_PER_USD;
}

/** Floors a micro-USD amount to whole cents (bonus rules). */
export function floorToCent(micros: number): number {
  return Math.floor(micros / 10_000) * 10_000;
}

/**
 * The largest USD amount a spending cap (`usd_cap`) may hold: far above any wallet (top-ups stop at
 * $15,000) and far below what int8 micro-dollars and JSON numbers carry exactly. A bigger one, or
 * 1e308, used to overflow on the way to Postgres (500).
 */
export const MAX_USD_CAP = 1_000_000;
