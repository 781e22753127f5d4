// The `image` category: one folder per node type, each registered here as `image/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { imageBlur } from './blur/index';
import { imageCompose } from './compose/index';
import { imageConvert } from './convert/index';
import { imageCrop } from './crop/index';
import { imageEdit } from './edit/index';
import { imageFlip } from './flip/index';
import { imageGenerate } from './generate/index';
import { imageGrayscale } from './grayscale/index';
import { imageMetadata } from './metadata/index';
import { imagePad } from './pad/index';
import { imagePalette } from './palette/index';
import { imageRemoveBackground } from './remove-background/index';
import { imageResize } from './resize/index';
import { imageRotate } from './rotate/index';
import { imageRoundCorners } from './round-corners/index';
import { imageSharpen } from './sharpen/index';
import { imageTextOverlay } from './text-overlay/index';
import { imageUpscale } from './upscale/index';
import { imageWatermark } from './watermark/index';

export const imageNodes: Record<string, NodeDefinition[]> = {
  'image/blur': [imageBlur],
  'image/compose': [imageCompose],
  'image/convert': [imageConvert],
  'image/crop': [imageCrop],
  'image/edit': [imageEdit],
  'image/flip': [imageFlip],
  'image/generate': [imageGenerate],
  'image/grayscale': [imageGrayscale],
  'image/metadata': [imageMetadata],
  'image/pad': [imagePad],
  'image/palette': [imagePalette],
  'image/remove-background': [imageRemoveBackground],
  'image/resize': [imageResize],
  'image/rotate': [imageRotate],
  'image/round-corners': [imageRoundCorners],
  'image/sharpen': [imageSharpen],
  'image/text-overlay': [imageTextOverlay],
  'image/upscale': [imageUpscale],
  'image/watermark': [imageWatermark],
};
