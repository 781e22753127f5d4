// Story Studio's calls to the provider layer (src/generation): character sheets and keyframes
// (image), narration (speech) and scene clips (video). Whichever provider serves the capability
// (`ATELIER_PROVIDER`) answers; the local one draws the structured request exactly, an HTTP one
// gets the prompt. Sandbox keys always get the local provider, as on the platform's routes.
import { servedModel } from '../../generation/operations';
import { providersFor } from '../../generation/pipeline';
import type { CameraMove, MediaResult, MotionIntensity } from '../../generation/providers/types';
import { PALETTES, type Language, type Style, type VoicePreset } from '../catalog';
import type { StepKit } from './kit';

/** OpenAI-style voices for the narrator presets, when an HTTP provider speaks. */
const PRESET_FALLBACK: Record<VoicePreset, string> = {
  'narrator-male-1': 'onyx', 'narrator-male-2': 'echo', 'narrator-female-1': 'nova', 'narrator-female-2': 'shimmer',
  'narrator-dramatic': 'fable', 'narrator-documentary': 'alloy',
};

const providers = (kit: StepKit, sandbox: boolean) => providersFor(kit.deps, sandbox);

export async function drawPortrait(
  kit: StepKit,
  sandbox: boolean,
  spec: { style: Style; width: number; height: number; seed: number; name: string; role: string; description: string; version: number },
): Promise<Buffer> {
  const p = providers(kit, sandbox);
  const { style, width, height, ...who } = spec;
  const image = await p.image({
    model: servedModel(p, 'image'), width, height,
    prompt: `Character reference sheet, ${style} style: ${who.name}, the ${who.role}. ${who.description}`,
    composition: { kind: 'portrait', palette: PALETTES[style], ...who },
  });
  return image.data;
}

export async function drawKeyframe(
  kit: StepKit,
  sandbox: boolean,
  spec: {
    style: Style; width: number; height: number; seed: number; sceneIndex: number; title: string; description: string;
    camera: CameraMove; characters: Array<{ name: string }>; version: number;
  },
): Promise<Buffer> {
  const p = providers(kit, sandbox);
  const { style, width, height, ...scene } = spec;
  const cast = scene.characters.map((c) => c.name).join(', ');
  const image = await p.image({
    model: servedModel(p, 'image'), width, height,
    prompt: `Keyframe, ${style} style, scene ${scene.sceneIndex + 1} "${scene.title}": ${scene.description}${cast ? ` With ${cast}.` : ''} Camera: ${scene.camera}.`,
    composition: { kind: 'scene', palette: PALETTES[style], ...scene },
  });
  return image.data;
}

/** One narration as WAV. */
export async function speakNarration(
  kit: StepKit,
  sandbox: boolean,
  text: string,
  opts: { voice: VoicePreset; language: Language; speed: number },
): Promise<MediaResult> {
  const p = providers(kit, sandbox);
  const local = p.serving.speech === 'local';
  return p.speech({ model: servedModel(p, 'speech'), input: text, voice: local ? opts.voice : PRESET_FALLBACK[opts.voice], language: opts.language, speed: opts.speed });
}

/** One scene clip animated from its keyframe, on the scene's video model. */
export async function renderSceneClip(
  kit: StepKit,
  sandbox: boolean,
  spec: { model: string; prompt: string; keyframe: Buffer; seconds: number; fps: 24 | 30; motion: MotionIntensity; camera: CameraMove },
  signal: AbortSignal,
): Promise<MediaResult> {
  return providers(kit, sandbox).video({
    model: spec.model, prompt: spec.prompt, seconds: spec.seconds, signal,
    still: { image: spec.keyframe, camera: spec.camera, motion: spec.motion, fps: spec.fps },
  });
}
