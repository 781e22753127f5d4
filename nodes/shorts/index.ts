// The `shorts` category (vertical short-form video), one folder per node type, each registered
// here as `shorts/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { shortsBrollMontage } from './broll-montage/index';
import { shortsHookText } from './hook-text/index';
import { shortsKaraokeCaptions } from './karaoke-captions/index';
import { shortsVerticalFromScript } from './vertical-from-script/index';

export const shortsNodes: Record<string, NodeDefinition[]> = {
  'shorts/broll-montage': [shortsBrollMontage],
  'shorts/hook-text': [shortsHookText],
  'shorts/karaoke-captions': [shortsKaraokeCaptions],
  'shorts/vertical-from-script': [shortsVerticalFromScript],
};
