// Image-to-3D on Replicate (trellis, hunyuan3d): one image in, a mesh out; billed per request.
import type { JobHandler, Model3dRequest, ProviderSettings } from '../types';
import { dataUri } from './api';
import { predictionJob } from './predictions';

export const replicateModel3d = (settings: ProviderSettings): JobHandler<Model3dRequest> =>
  predictionJob(settings, (req: Model3dRequest) => ({ image: dataUri(req.image) }), () => ({}));
