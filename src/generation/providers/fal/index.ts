// fal: the queue API for video and 3D as durable jobs (webhook or polling), and images, upscales
// and cut-outs run to the end inside the call.
import type { AdapterFactory } from '../types';
import { FAL_JWKS_URL } from './api';
import { falImage, falRemoveBackground, falUpscale } from './image';
import { falModel3d } from './model3d';
import { falVideo } from './video';

export const falAdapter: AdapterFactory = {
  id: 'fal',
  serves: ['video', 'model3d', 'image', 'upscale', 'removeBackground'],
  configured: (s) => Boolean(s.apiKey),
  extraSettings: [FAL_JWKS_URL],
  create: (settings) => ({
    id: 'fal',
    capabilities: {
      video: falVideo(settings),
      model3d: falModel3d(settings),
      image: falImage(settings),
      upscale: falUpscale(settings),
      removeBackground: falRemoveBackground(settings),
    },
  }),
};
