// The media tools runner (and its clock, read by bench/story.ts) is shared with the local
// provider's renders: src/generation/media-tools.ts.
export { ffmpeg, mediaClock, MediaToolError, probeDuration, runTool } from '../../generation/media-tools';
