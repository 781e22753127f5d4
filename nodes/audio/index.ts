// The `audio` category: one folder per node type, each registered here as `audio/<folder>`.
// No transcription node: this deployment has no local speech-to-text engine (only model-download
// based ones exist), and the provider layer offers no transcription capability.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { audioConcat } from './concat/index';
import { audioConvert } from './convert/index';
import { audioFade } from './fade/index';
import { audioMix } from './mix/index';
import { audioNormalise } from './normalise/index';
import { audioProbe } from './probe/index';
import { audioSilenceTrim } from './silence-trim/index';
import { audioTrim } from './trim/index';
import { audioTts } from './tts/index';
import { audioVolume } from './volume/index';
import { audioWaveform } from './waveform/index';

export const audioNodes: Record<string, NodeDefinition[]> = {
  'audio/concat': [audioConcat],
  'audio/convert': [audioConvert],
  'audio/fade': [audioFade],
  'audio/mix': [audioMix],
  'audio/normalise': [audioNormalise],
  'audio/probe': [audioProbe],
  'audio/silence-trim': [audioSilenceTrim],
  'audio/trim': [audioTrim],
  'audio/tts': [audioTts],
  'audio/volume': [audioVolume],
  'audio/waveform': [audioWaveform],
};
