// Karaoke captions as an ASS (libass) script: cues split into short lines whose words light up as
// they are spoken, for the karaoke-captions and vertical-from-script nodes.
export interface Cue { start: number; end: number; text: string }

const assTime = (s: number) => {
  const cs = Math.max(0, Math.round(s * 100));
  return `${Math.floor(cs / 360000)}:${String(Math.floor(cs / 6000) % 60).padStart(2, '0')}:${String(Math.floor(cs / 100) % 60).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

const assColour = (hex: string) => {
  const h = hex.replace('#', '');
  return `&H00${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toUpperCase();
};

/** Cues split into lines of at most `words` words, each line's time shared by word length. */
export function karaokeLines(cues: Cue[], words: number): { start: number; end: number; words: { text: string; cs: number }[] }[] {
  const out = [];
  for (const cue of cues) {
    const ws = cue.text.split(/\s+/).filter(Boolean);
    const total = ws.reduce((n, w) => n + w.length + 1, 0);
    let t = cue.start;
    for (let i = 0; i < ws.length; i += words) {
      const chunk = ws.slice(i, i + words);
      const span = ((cue.end - cue.start) * chunk.reduce((n, w) => n + w.length + 1, 0)) / total;
      out.push({ start: t, end: t + span, words: chunk.map((w) => ({ text: w, cs: Math.max(1, Math.round(((span * (w.length + 1)) / chunk.reduce((n, x) => n + x.length + 1, 0)) * 100)) })) });
      t += span;
    }
  }
  return out;
}

/** An ASS script with one karaoke Dialogue per line: words light up (\kf) from `base` to `highlight`. */
export function karaokeAss(cues: Cue[], o: { width: number; height: number; words: number; fontSize: number; highlight: string; base: string; position: 'bottom' | 'center' }): string {
  const lines = karaokeLines(cues, o.words);
  const align = o.position === 'center' ? 5 : 2;
  return [
    '[Script Info]', 'ScriptType: v4.00+', `PlayResX: ${o.width}`, `PlayResY: ${o.height}`, 'WrapStyle: 0', '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Karaoke,DejaVu Sans,${o.fontSize},${assColour(o.highlight)},${assColour(o.base)},&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,${Math.max(2, Math.round(o.fontSize / 12))},0,${align},${Math.round(o.width * 0.06)},${Math.round(o.width * 0.06)},${Math.round(o.height * 0.12)},1`,
    '', '[Events]', 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...lines.map((l) => `Dialogue: 0,${assTime(l.start)},${assTime(l.end)},Karaoke,,0,0,0,,${l.words.map((w) => `{\\kf${w.cs}}${w.text.replace(/[{}\\]/g, '')}`).join(' ')}`),
    '',
  ].join('\n');
}
