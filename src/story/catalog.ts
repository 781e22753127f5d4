// Every enumeration the Story Studio accepts, in one place.
export const STYLES = ['cinematic', 'anime', 'cartoon', 'documentary', 'fantasy', 'scifi'] as const;
export const VOICE_PRESETS = [
  'narrator-male-1', 'narrator-male-2', 'narrator-female-1', 'narrator-female-2', 'narrator-dramatic', 'narrator-documentary',
] as const;
export const LANGUAGES = ['en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'ko', 'zh'] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export const MOTION = ['low', 'medium', 'high'] as const;
export const MUSIC_STYLES = ['epic', 'ambient', 'upbeat', 'dramatic', 'none', 'auto'] as const;
export const TRANSITIONS = ['crossfade', 'cut', 'fade-black', 'dissolve', 'wipe'] as const;
export const SUBTITLE_STYLES = ['minimal', 'bold', 'karaoke', 'cinematic'] as const;
export const OUTPUT_FORMATS = ['mp4', 'webm'] as const;
export const CHARACTER_ROLES = ['protagonist', 'antagonist', 'supporting'] as const;
export const AGES = ['child', 'teen', 'young-adult', 'adult', 'elderly'] as const;
export const GENDERS = ['male', 'female', 'non-binary'] as const;
export const CAMERA_DIRECTIONS = ['push-in', 'pull-out', 'pan-left', 'pan-right', 'tilt-up', 'tilt-down', 'static', 'orbit'] as const;

export type Style = (typeof STYLES)[number];
export type VoicePreset = (typeof VOICE_PRESETS)[number];
export type Language = (typeof LANGUAGES)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type Resolution = (typeof RESOLUTIONS)[number];
export type Motion = (typeof MOTION)[number];
export type MusicStyle = (typeof MUSIC_STYLES)[number];
export type Transition = (typeof TRANSITIONS)[number];
export type SubtitleStyle = (typeof SUBTITLE_STYLES)[number];
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type CameraDirection = (typeof CAMERA_DIRECTIONS)[number];

export const STEP_NAMES = ['concept', 'characters', 'frames', 'videos', 'voiceover', 'final'] as const;
export type StepName = (typeof STEP_NAMES)[number];
export const stepNumber = (name: StepName) => STEP_NAMES.indexOf(name) + 1;

/** Pixel size for a resolution label and aspect ratio (the short side is the label's height). */
export function frameSize(resolution: Resolution, aspect: AspectRatio): { width: number; height: number } {
  const short = resolution === '720p' ? 720 : resolution === '1080p' ? 1080 : 2160;
  const long = Math.round((short * 16) / 9);
  if (aspect === '16:9') return { width: long, height: short };
  if (aspect === '9:16') return { width: short, height: long };
  return { width: short, height: short };
}

/** Each visual style's palette: background gradient, accent colours, ink for text. */
export const PALETTES: Record<Style, { sky: [string, string]; ground: string; accents: string[]; ink: string; font: string }> = {
  cinematic: { sky: ['#0b1d33', '#c8772f'], ground: '#1a1410', accents: ['#e8b04a', '#7a2e1f', '#3e6d8c', '#d9d2c3'], ink: '#f4ead5', font: 'DejaVu Serif' },
  anime: { sky: ['#7fd3ff', '#ffd1e8'], ground: '#5fbf6a', accents: ['#ff5fa2', '#ffe45c', '#5c7cff', '#ffffff'], ink: '#1f1f3a', font: 'DejaVu Sans' },
  cartoon: { sky: ['#58c4f6', '#b9ecff'], ground: '#7ccf3a', accents: ['#ff6b35', '#ffd23f', '#8e44ad', '#ee4266'], ink: '#222222', font: 'DejaVu Sans' },
  documentary: { sky: ['#8a9aa6', '#d8d3c4'], ground: '#5b5a4a', accents: ['#a67c52', '#4f6d7a', '#c0b283', '#2f3e46'], ink: '#f5f5f0', font: 'DejaVu Sans' },
  fantasy: { sky: ['#2b0f4c', '#8f3b76'], ground: '#1f3b2d', accents: ['#f2c14e', '#5dd39e', '#b388eb', '#f78154'], ink: '#fff4d6', font: 'DejaVu Serif' },
  scifi: { sky: ['#020617', '#0f3d5e'], ground: '#0b1220', accents: ['#22d3ee', '#a3e635', '#f472b6', '#818cf8'], ink: '#e0f2fe', font: 'DejaVu Sans Mono' },
};
