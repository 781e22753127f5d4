// Music on Replicate (meta/musicgen and its kin): prompt, duration in seconds, seed.
import type { JobHandler, MusicRequest, ProviderSettings } from '../types';
import { predictionJob } from './predictions';

export const musicInput = (req: MusicRequest): Record<string, unknown> => ({
  prompt: req.prompt,
  duration: Math.round(req.seconds),
  ...(req.seed !== undefined ? { seed: req.seed } : {}),
});

export const replicateMusic = (settings: ProviderSettings): JobHandler<MusicRequest> => predictionJob(settings, musicInput, (_p, req) => (req ? { seconds: req.seconds } : {}));
