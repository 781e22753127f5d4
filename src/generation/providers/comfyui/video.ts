// Video from an operator's ComfyUI workflow (`comfyui/<workflow>`): a durable provider job.
import type { JobHandler, ProviderSettings, VideoRequest } from '../types';
import { promptJob } from './prompts';

const FPS = 24;

export const comfyVideo = (settings: ProviderSettings): JobHandler<VideoRequest> =>
  promptJob(settings, (req: VideoRequest) => {
    const seconds = req.seconds ?? 5;
    return {
      prompt: req.prompt,
      seed: seedOf(req.prompt),
      width: req.width ?? 1280,
      height: req.height ?? 720,
      duration: seconds,
      fps: FPS,
      frames: Math.max(1, Math.round(seconds * FPS)),
    };
  }, (req) => (req?.seconds !== undefined ? { seconds: req.seconds } : {}));

/** A seed from the prompt, so the same request renders the same picture. */
export const seedOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 2 ** 31;
