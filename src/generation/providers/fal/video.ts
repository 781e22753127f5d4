// Video on fal (seedance, wan, kling, hailuo, veo, ltx, pixverse): prompt, duration, aspect ratio,
// an image for image-to-video. Billed per second of the clip asked for.
import type { JobHandler, ProviderSettings, VideoRequest } from '../types';
import { dataUri } from './api';
import { queueJob } from './queue';

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

export const falVideo = (settings: ProviderSettings): JobHandler<VideoRequest> =>
  queueJob(settings, (req: VideoRequest) => ({
    prompt: req.prompt,
    ...(req.seconds !== undefined ? { duration: String(Math.round(req.seconds)) } : {}),
    ...(req.width && req.height ? { aspect_ratio: `${req.width / gcd(req.width, req.height)}:${req.height / gcd(req.width, req.height)}` } : {}),
    ...(req.still ? { image_url: dataUri(req.still.image) } : {}),
  }), (req) => (req?.seconds !== undefined ? { seconds: req.seconds } : {}));
