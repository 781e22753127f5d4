// Video on Replicate (seedance, wan, hailuo, kling, veo…): text-to-video, or image-to-video from a
// still. Billed per second of the clip asked for (Replicate reports GPU time, not clip length).
import type { JobHandler, ProviderSettings, VideoRequest } from '../types';
import { dataUri } from './api';
import { predictionJob } from './predictions';

export const videoInput = (req: VideoRequest): Record<string, unknown> => ({
  prompt: req.prompt,
  ...(req.seconds !== undefined ? { duration: Math.round(req.seconds) } : {}),
  ...(req.width && req.height ? { aspect_ratio: aspect(req.width, req.height) } : {}),
  ...(req.still ? { image: dataUri(req.still.image) } : {}),
});

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const aspect = (w: number, h: number) => `${w / gcd(w, h)}:${h / gcd(w, h)}`;

export const replicateVideo = (settings: ProviderSettings): JobHandler<VideoRequest> => predictionJob(settings, videoInput, (_p, req) => (req?.seconds !== undefined ? { seconds: req.seconds } : {}));
