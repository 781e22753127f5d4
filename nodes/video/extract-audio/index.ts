import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const videoExtractAudio = avNode({
  type: 'video.extract_audio',
  title: 'Extract audio',
  description: 'Takes the audio track out of a video as wav, mp3, ogg or flac.',
  subcategory: 'audio',
  tags: ['video', 'audio', 'extract', 'mp3', 'wav'],
  needs: 'video',
  shape: { format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('mp3').describe('Audio file format.') },
  plan({ info }, p) {
    if (!info.has_audio) throw new NodeError('the video has no audio track', { type: 'invalid_media' });
    return { args: ['-vn', ...AUDIO_CODECS[p.format]], ext: p.format };
  },
});
