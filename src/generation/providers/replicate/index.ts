// Replicate: predictions for video, music and 3D as durable jobs (webhook or polling), and
// images, upscales and cut-outs run to the end inside the call.
import type { AdapterFactory } from '../types';
import { REPLICATE_WEBHOOK_SECRET } from './api';
import { replicateImage, replicateRemoveBackground, replicateUpscale } from './image';
import { replicateModel3d } from './model3d';
import { replicateMusic } from './music';
import { replicateVideo } from './video';

export const replicateAdapter: AdapterFactory = {
  id: 'replicate',
  serves: ['video', 'music', 'model3d', 'image', 'upscale', 'removeBackground'],
  configured: (s) => Boolean(s.apiKey),
  extraSettings: [REPLICATE_WEBHOOK_SECRET],
  create: (settings) => ({
    id: 'replicate',
    capabilities: {
      video: replicateVideo(settings),
      music: replicateMusic(settings),
      model3d: replicateModel3d(settings),
      image: replicateImage(settings),
      upscale: replicateUpscale(settings),
      removeBackground: replicateRemoveBackground(settings),
    },
  }),
};
