// Image-prompt vocabulary: the styles the prompt nodes offer and the local template that composes a
// detailed prompt from a short idea when the model does not write one.
export const STYLES: Record<string, string> = {
  photo: 'photorealistic photograph, 35mm lens, natural light, shallow depth of field, sharp focus',
  cinematic: 'cinematic still, anamorphic lens, dramatic lighting, film grain, color graded',
  illustration: 'detailed digital illustration, clean lines, vibrant colors, soft shading',
  anime: 'anime style, cel shading, expressive characters, vivid background',
  '3d': '3D render, octane, global illumination, soft shadows, studio lighting',
  watercolor: 'watercolor painting, soft washes, paper texture, delicate edges',
  minimal: 'minimalist flat design, simple shapes, generous negative space, limited palette',
  product: 'studio product shot, seamless backdrop, softbox lighting, crisp reflections',
};

/** The local template: subject, style vocabulary, composition for the aspect, quality terms. */
export function templateEnhance(prompt: string, style: string, aspect: string): string {
  const subject = prompt.trim().replace(/[.\s]+$/, '');
  const framing = aspect === '9:16' ? 'vertical composition, subject centred in the upper third' : aspect === '16:9' ? 'wide composition, rule of thirds' : aspect === '4:5' ? 'portrait framing' : 'balanced square composition';
  return `${subject}, ${STYLES[style]}, ${framing}, highly detailed, coherent lighting, professional quality`;
}
