/** Money is stored as integer micro-USD and shown as USD numbers at the API edge (DESIGN §3). */
export const MICROS_PER_USD = 1_000_000;

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

/** USD number for API responses, exact to the micro-dollar. */
export function microsToUsd(micros: number): number {
  return Math.round(micros) / MICROS_PER_USD;
}

/** Floors a micro-USD amount to whole cents (bonus rules, seed 000 §4.3). */
export function floorToCent(micros: number): number {
  return Math.floor(micros / 10_000) * 10_000;
}
