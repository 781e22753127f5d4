import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputFormat, SubtitleStyle, Transition } from '../catalog';
import { ffmpeg } from '../../generation/media-tools';
import { layTrack } from './voice';

export type ResolvedMusic = 'epic' | 'ambient' | 'upbeat' | 'dramatic' | 'none';

export interface ComposeScene {
  clipPath: string;
  clipDuration: number;
  narration?: { path: string; duration: number; text: string };
}

export interface ComposeSpec {
  scenes: ComposeScene[];
  width: number;
  height: number;
  fps: number;
  transition: Transition;
  transitionDuration: number;
  music: ResolvedMusic;
  musicVolume: number;
  subtitles: SubtitleStyle | null;
  format: OutputFormat;
  workDir: string;
  outPath: string;
}

export interface Timeline {
  scenes: Array<{ start: number; length: number; speechStart: number }>;
  total: number;
  overlap: number;
}

const XFADE: Record<Exclude<Transition, 'cut'>, string> = { crossfade: 'fade', 'fade-black': 'fadeblack', dissolve: 'dissolve', wipe: 'wipeleft' };

/** Narration starts this long into its scene, and a scene holds this long after it ends. */
export const SPEECH_LEAD = 0.3;
export const SPEECH_TAIL = 0.4;

/**
 * Where each scene sits in the final cut. A scene lasts at least as long as its narration (the
 * clip's last frame is held when the speech is longer), and with a transition the next scene
 * starts `overlap` seconds before this one ends, so the narration never runs under it.
 */
export function planTimeline(scenes: Array<{ clipDuration: number; speech?: number }>, transition: Transition, transitionDuration: number): Timeline {
  const overlap = transition === 'cut' || scenes.length < 2 ? 0 : transitionDuration;
  let at = 0;
  const out = scenes.map((s, i) => {
    const tailOverlap = i < scenes.length - 1 ? overlap : 0;
    const needed = s.speech ? SPEECH_LEAD + s.speech + SPEECH_TAIL + tailOverlap : 0;
    const length = Math.round(Math.max(s.clipDuration, needed, overlap + 0.5) * 1000) / 1000;
    const start = at;
    at += length - tailOverlap;
    return { start, length, speechStart: start + SPEECH_LEAD };
  });
  return { scenes: out, total: Math.round(at * 1000) / 1000, overlap };
}

/** A generated music bed per style: additive synthesis in aevalsrc, no samples needed. */
export function musicExpression(style: Exclude<ResolvedMusic, 'none'>): string {
  switch (style) {
    case 'epic':
      return '(0.30*sin(2*PI*55*t)+0.20*sin(2*PI*82.41*t)+0.16*sin(2*PI*110*t)+0.10*sin(2*PI*164.8*t))*(0.65+0.35*sin(2*PI*0.25*t))';
    case 'ambient':
      return '0.22*sin(2*PI*220*t)*(0.5+0.5*sin(2*PI*0.08*t))+0.18*sin(2*PI*277.18*t)*(0.5+0.5*sin(2*PI*0.05*t+1))+0.14*sin(2*PI*329.63*t)*(0.5+0.5*sin(2*PI*0.11*t+2))';
    case 'upbeat':
      return '(0.22*sin(2*PI*261.63*t)+0.17*sin(2*PI*329.63*t)+0.17*sin(2*PI*392*t))*exp(-5*mod(t,0.5))+0.2*sin(2*PI*65.4*t)*exp(-9*mod(t,1))';
    case 'dramatic':
      return '(0.26*sin(2*PI*110*t)+0.18*sin(2*PI*130.81*t)+0.16*sin(2*PI*164.81*t)+0.08*sin(2*PI*55*t))*(0.7+0.3*sin(2*PI*5*t))';
  }
}

const assTime = (s: number) => {
  const cs = Math.max(0, Math.round(s * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const sec = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

/** An .ass subtitle file for the narration, styled per `subtitle_style`. */
export function subtitleFile(style: SubtitleStyle, width: number, height: number, lines: Array<{ start: number; end: number; text: string }>): string {
  const u = Math.min(width, height);
  const styles: Record<SubtitleStyle, string> = {
    // Name, Font, Size, Primary, Secondary, Outline, Back, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginV
    minimal: `Style: S,DejaVu Sans,${Math.round(u * 0.045)},&H00FFFFFF,&H00FFFFFF,&H00000000,&H64000000,0,0,1,1.5,0,2,${Math.round(u * 0.06)}`,
    bold: `Style: S,DejaVu Sans,${Math.round(u * 0.062)},&H0000FFFF,&H00FFFFFF,&H00000000,&H96000000,1,0,3,3,0,2,${Math.round(u * 0.07)}`,
    karaoke: `Style: S,DejaVu Sans,${Math.round(u * 0.052)},&H0000D7FF,&H00FFFFFF,&H00000000,&H64000000,1,0,1,2,1,2,${Math.round(u * 0.06)}`,
    cinematic: `Style: S,DejaVu Serif,${Math.round(u * 0.05)},&H00E6F0F5,&H00FFFFFF,&H00000000,&H00000000,0,1,1,1,2,2,${Math.round(u * 0.09)}`,
  };
  const body = lines.map(({ start, end, text }) => {
    const clean = text.replace(/[{}\\]/g, '').replace(/\s+/g, ' ').trim();
    let t = clean;
    if (style === 'karaoke') {
      const words = clean.split(' ');
      const cs = Math.max(1, Math.floor(((end - start) * 100) / Math.max(1, words.length)));
      t = words.map((w) => `{\\k${cs}}${w}`).join(' ');
    } else if (style === 'cinematic') t = `{\\fad(300,300)}${clean}`;
    return `Dialogue: 0,${assTime(start)},${assTime(end)},S,,0,0,0,,${t}`;
  });
  return [
    '[Script Info]', 'ScriptType: v4.00+', `PlayResX: ${width}`, `PlayResY: ${height}`, 'WrapStyle: 0', 'ScaledBorderAndShadow: yes', '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginV',
    styles[style], '',
    '[Events]', 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...body, '',
  ].join('\n');
}

/**
 * The final cut: every clip fitted to the output size and held to its scene length, joined with
 * the chosen transition (xfade, or concat for `cut`); the narration laid at each scene's start;
 * a synthesized music bed mixed under it; subtitles burned in with libass.
 */
export async function composeFinal(spec: ComposeSpec, signal?: AbortSignal): Promise<Timeline> {
  const { width: W, height: H, fps } = spec;
  const timeline = planTimeline(spec.scenes.map((s) => ({ clipDuration: s.clipDuration, speech: s.narration?.duration })), spec.transition, spec.transitionDuration);
  const voicePath = join(spec.workDir, 'voice-track.wav');
  await layTrack(
    spec.scenes.flatMap((s, i) => (s.narration ? [{ path: s.narration.path, start: timeline.scenes[i]!.speechStart }] : [])),
    timeline.total,
    voicePath,
  );

  const inputs: string[] = [];
  const filters: string[] = [];
  spec.scenes.forEach((s, i) => {
    inputs.push('-i', s.clipPath);
    const length = timeline.scenes[i]!.length;
    const hold = Math.max(0, length - s.clipDuration + 0.1);
    filters.push(
      `[${i}:v]fps=${fps},scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p,` +
        `tpad=stop_mode=clone:stop_duration=${hold.toFixed(3)},trim=duration=${length.toFixed(3)},setpts=PTS-STARTPTS,settb=AVTB[v${i}]`,
    );
  });
  const n = spec.scenes.length;
  let last = 'v0';
  if (spec.transition === 'cut' || n < 2) {
    if (n > 1) {
      filters.push(`${spec.scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${n}:v=1:a=0[vcat]`);
      last = 'vcat';
    }
  } else {
    for (let i = 1; i < n; i++) {
      const out = `x${i}`;
      filters.push(`[${last}][v${i}]xfade=transition=${XFADE[spec.transition]}:duration=${timeline.overlap}:offset=${timeline.scenes[i]!.start.toFixed(3)}[${out}]`);
      last = out;
    }
  }
  if (spec.subtitles) {
    const subs = spec.scenes.flatMap((s, i) => {
      if (!s.narration) return [];
      const start = timeline.scenes[i]!.speechStart;
      return [{ start, end: start + s.narration.duration, text: s.narration.text }];
    });
    const assPath = join(spec.workDir, 'subtitles.ass');
    await writeFile(assPath, subtitleFile(spec.subtitles, W, H, subs));
    filters.push(`[${last}]ass=filename=${assPath.replace(/([\\:'])/g, '\\$1')}[vsub]`);
    last = 'vsub';
  }

  const voiceIdx = n;
  inputs.push('-i', voicePath);
  if (spec.music !== 'none') {
    inputs.push('-f', 'lavfi', '-i', `aevalsrc=exprs='${musicExpression(spec.music)}':s=44100:d=${timeline.total.toFixed(3)}`);
    filters.push(`[${voiceIdx}:a]aresample=44100[voice]`);
    filters.push(`[${voiceIdx + 1}:a]volume=${spec.musicVolume.toFixed(3)}[bed]`);
    filters.push(`[voice][bed]amix=inputs=2:duration=first:normalize=0,aformat=channel_layouts=stereo[aout]`);
  } else {
    filters.push(`[${voiceIdx}:a]aresample=44100,aformat=channel_layouts=stereo[aout]`);
  }

  const codec = spec.format === 'mp4'
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart']
    : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-b:v', '0', '-crf', '40', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '96k'];
  await ffmpeg(
    [...inputs, '-filter_complex', filters.join(';'), '-map', `[${last}]`, '-map', '[aout]', '-r', String(fps), '-t', timeline.total.toFixed(3), ...codec, spec.outPath],
    signal,
  );
  return timeline;
}
