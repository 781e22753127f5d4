// Image-to-3D on fal (trellis, hunyuan3d): one image in (as a data URI), a mesh out.
import type { JobHandler, Model3dRequest, ProviderSettings } from '../types';
import { dataUri } from './api';
import { queueJob } from './queue';

export const falModel3d = (settings: ProviderSettings): JobHandler<Model3dRequest> =>
  queueJob(settings, (req: Model3dRequest) => ({ image_url: dataUri(req.image) }));
