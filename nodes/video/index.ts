// The `video` category: one folder per node type, each registered here as `video/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { videoAddAudio } from './add-audio/index';
import { videoBurnSubtitles } from './burn-subtitles/index';
import { videoConcat } from './concat/index';
import { videoCropVertical } from './crop-vertical/index';
import { videoExtractAudio } from './extract-audio/index';
import { videoExtractFrames } from './extract-frames/index';
import { videoFade } from './fade/index';
import { videoGenerate } from './generate/index';
import { videoGif } from './gif/index';
import { videoMute } from './mute/index';
import { videoOverlay } from './overlay/index';
import { videoProbe } from './probe/index';
import { videoResize } from './resize/index';
import { videoSpeed } from './speed/index';
import { videoTextOverlay } from './text-overlay/index';
import { videoThumbnail } from './thumbnail/index';
import { videoTrim } from './trim/index';

export const videoNodes: Record<string, NodeDefinition[]> = {
  'video/add-audio': [videoAddAudio],
  'video/burn-subtitles': [videoBurnSubtitles],
  'video/concat': [videoConcat],
  'video/crop-vertical': [videoCropVertical],
  'video/extract-audio': [videoExtractAudio],
  'video/extract-frames': [videoExtractFrames],
  'video/fade': [videoFade],
  'video/generate': [videoGenerate],
  'video/gif': [videoGif],
  'video/mute': [videoMute],
  'video/overlay': [videoOverlay],
  'video/probe': [videoProbe],
  'video/resize': [videoResize],
  'video/speed': [videoSpeed],
  'video/text-overlay': [videoTextOverlay],
  'video/thumbnail': [videoThumbnail],
  'video/trim': [videoTrim],
};
