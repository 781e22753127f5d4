import { avNode } from '../../_lib/av-node';

export const videoMute = avNode({
  type: 'video.mute',
  title: 'Mute video',
  description: 'Removes the audio track; the video stream is copied without re-encoding.',
  subcategory: 'audio',
  tags: ['video', 'mute', 'silent', 'audio'],
  needs: 'video',
  shape: {},
  plan() {
    return { args: ['-an', '-c:v', 'copy', '-movflags', '+faststart'], ext: 'mp4' };
  },
});
