// ComfyUI: the operator's own GPU, images and video from API-format workflow files with named
// inputs; video as a durable provider job, images inside the call.
import type { AdapterFactory } from '../types';
import { COMFYUI_WORKFLOWS_DIR } from './api';
import { comfyImage } from './image';
import { comfyVideo } from './video';

export const comfyuiAdapter: AdapterFactory = {
  id: 'comfyui',
  serves: ['image', 'video'],
  // A base URL is enough (a local ComfyUI has no key); workflows are checked when one is asked for.
  configured: (s) => Boolean(s.baseUrl),
  extraSettings: [COMFYUI_WORKFLOWS_DIR],
  create: (settings) => ({ id: 'comfyui', capabilities: { image: comfyImage(settings), video: comfyVideo(settings) } }),
};
