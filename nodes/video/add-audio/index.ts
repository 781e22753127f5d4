import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, probeMedia } from '../../_lib/ffmpeg';
import { requiredFile } from '../../_lib/media';

/** Puts a soundtrack or voice-over on a video: replace the sound or mix under it. */
export const videoAddAudio = avNode({
  type: 'video.add_audio',
  title: 'Add audio to video',
  description: 'Adds an audio file to a video: `replace` its sound or `mix` with it (the added track at `volume`); `loop` repeats short audio to the video\'s length. The picture is copied, the output lasts as long as the video.',
  subcategory: 'audio',
  tags: ['video', 'audio', 'music', 'voice-over', 'soundtrack'],
  needs: 'video',
  shape: {
    audio: requiredFile('Audio to add'),
    mode: z.enum(['replace', 'mix']).default('replace').describe('replace: the video\'s own sound is dropped; mix: both are heard.'),
    volume: z.number().min(0).max(4).default(1).describe('Volume of the added audio (1 = as is).'),
    loop: z.boolean().default(false).describe('Loop the audio to cover the whole video.'),
  },
  async plan({ info }, p, ctx, ws) {
    const audio = await ws.input(p.audio, 'audio');
    await probeMedia(ctx, audio, 'audio', 'audio');
    const d = String(info.duration_s ?? 1);
    const added = `[1:a]volume=${p.volume},apad[added]`;
    const filter = p.mode === 'mix' && info.has_audio ? `${added};[0:a][added]amix=inputs=2:duration=first:normalize=0[a]` : added.replace('[added]', '[a]');
    return {
      args: [...(p.loop ? ['-stream_loop', '-1'] : []), '-i', audio, '-filter_complex', filter, '-map', '0:v', '-map', '[a]', '-c:v', 'copy', ...AAC_OUT, '-t', d, '-movflags', '+faststart'],
      ext: 'mp4',
      meta: { mode: p.mode },
    };
  },
});
