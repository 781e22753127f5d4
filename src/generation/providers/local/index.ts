import type { ChatRequest, ChatResult, EmbedRequest, EmbedResult, ImageRequest, MediaResult, Model3dRequest, SpeechRequest, VideoRequest } from '../types';
import { localRemoveBackground } from './background';
import { localChat } from './chat';
import { localEmbed } from './embed';
import { localImage } from './image';
import { localModel3d } from './model3d';
import { localOcr } from './ocr';
import { localSpeech } from './speech';
import { localStillMotion } from './still-motion';
import { renderKeyframe, renderPortrait } from './storyboard';
import { localTranslate } from './translate';
import { localVideo } from './video';

/** The offline provider: real artefacts from sharp, ffmpeg, espeak-ng, tesseract and our own code. */
export class LocalProvider {
  chat(req: ChatRequest): Promise<ChatResult> {
    return Promise.resolve(localChat(req));
  }
  async image(req: ImageRequest): Promise<MediaResult<'image/png'>> {
    const c = req.composition;
    if (!c) return localImage(req);
    const size = { width: req.width, height: req.height };
    const data = c.kind === 'scene' ? await renderKeyframe({ ...c, ...size }) : await renderPortrait({ ...c, ...size });
    return { data, mime: 'image/png' };
  }
  speech(req: SpeechRequest): Promise<MediaResult<'audio/wav'>> {
    return localSpeech(req);
  }
  video(req: VideoRequest): Promise<MediaResult<'video/mp4'>> {
    const still = req.still;
    return still ? localStillMotion({ ...req, still }) : localVideo(req);
  }
  removeBackground(req: { image: Buffer }): Promise<MediaResult<'image/png'>> {
    return localRemoveBackground(req.image);
  }
  ocr(req: { image: Buffer; signal?: AbortSignal }): Promise<{ text: string }> {
    return localOcr(req.image, req.signal);
  }
  model3d(req: Model3dRequest): Promise<MediaResult> {
    return localModel3d(req.image, req.format);
  }
  embed(req: EmbedRequest): Promise<EmbedResult> {
    return Promise.resolve(localEmbed(req.input));
  }
  translate(req: { text: string; target: string; source?: string }): Promise<{ text: string; source: string }> {
    return Promise.resolve(localTranslate(req.text, req.target, req.source));
  }
}
