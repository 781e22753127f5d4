import { operation, operationCostMicros } from '../generation/operations';

/**
 * Story Studio's scene models (step 4): billed per model, per second, per scene
 * "from the same rate table as video generation" — the one price table, src/generation/prices.ts.
 * A requested duration snaps down to the model's duration ladder. Nine models are selectable; a
 * retired id is still accepted and renders (and is billed) on the default model.
 */
export interface VideoModel {
  id: string;
  family: string;
  /** Per-clip maximum, seconds. */
  maxSeconds: number;
  /** The only clip lengths the model renders, ascending. */
  ladder: number[];
  retired?: boolean;
}

export const VIDEO_MODELS: VideoModel[] = [
  { id: 'veo-3', family: 'Veo', maxSeconds: 8, ladder: [4, 6, 8] },
  { id: 'veo-3-fast', family: 'Veo', maxSeconds: 8, ladder: [4, 6, 8] },
  { id: 'seedance-1-pro', family: 'Seedance', maxSeconds: 15, ladder: [5, 10, 15] },
  { id: 'seedance-1-lite', family: 'Seedance', maxSeconds: 15, ladder: [5, 10, 15] },
  { id: 'wan-2.2', family: 'WAN', maxSeconds: 15, ladder: [5, 10, 15] },
  { id: 'kling-2.1', family: 'Kling', maxSeconds: 10, ladder: [5, 10] },
  { id: 'runway-gen4-turbo', family: 'Runway', maxSeconds: 10, ladder: [5, 10] },
  { id: 'pixverse-v4.5', family: 'PixVerse', maxSeconds: 8, ladder: [5, 8] },
  { id: 'ltx-video-13b', family: 'LTX', maxSeconds: 10, ladder: [2, 4, 6, 8, 10] },
  { id: 'hailuo-02', family: 'Hailuo', maxSeconds: 10, ladder: [6, 10], retired: true },
];

/** Leaves the default open; ours is the Seedance-family model (15 s clips, mid price). */
export const DEFAULT_VIDEO_MODEL = 'seedance-1-pro';

export const SELECTABLE_VIDEO_MODEL_IDS = VIDEO_MODELS.map((m) => m.id);

export function findVideoModel(id: string): VideoModel | undefined {
  return VIDEO_MODELS.find((m) => m.id === id);
}

/** The model a request actually renders on: a retired id falls back to the default. */
export function resolveVideoModel(id: string | undefined): { requested: VideoModel; used: VideoModel } {
  const requested = findVideoModel(id ?? DEFAULT_VIDEO_MODEL);
  if (!requested) throw new Error(`unknown video model ${id}`);
  const used = requested.retired ? findVideoModel(DEFAULT_VIDEO_MODEL)! : requested;
  return { requested, used };
}

/** Snaps a requested duration down to the ladder (never below the shortest rung). */
export function snapDuration(model: VideoModel, seconds: number): number {
  let best = model.ladder[0]!;
  for (const rung of model.ladder) if (rung <= seconds + 1e-9) best = rung;
  return best;
}

/** What one clip of `seconds` costs (micro-USD): a video operation priced by the one table. */
export function clipCostMicros(model: VideoModel, seconds: number): number {
  return operationCostMicros(operation('video', model.id, { generation: seconds }));
}

/** The published USD rate per second a model renders at (a retired id: its default's). */
export function usdPerSecond(model: VideoModel): number {
  const used = model.retired ? findVideoModel(DEFAULT_VIDEO_MODEL)! : model;
  return operation('video', used.id).price.legs[0]!.rateMicros / 1_000_000;
}
