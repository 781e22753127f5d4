// The `brand` category (brand kit: logo placement, palette, compliance, intro/outro, lower thirds),
// one folder per node type, each registered here as `brand/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { brandColoursCheck } from './colours-check/index';
import { brandIntroOutro } from './intro-outro/index';
import { brandLogoPlace } from './logo-place/index';
import { brandLowerThird } from './lower-third/index';
import { brandPaletteExtract } from './palette-extract/index';

export const brandNodes: Record<string, NodeDefinition[]> = {
  'brand/colours-check': [brandColoursCheck],
  'brand/intro-outro': [brandIntroOutro],
  'brand/logo-place': [brandLogoPlace],
  'brand/lower-third': [brandLowerThird],
  'brand/palette-extract': [brandPaletteExtract],
};
