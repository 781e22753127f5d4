/** One server-sent event as Atelier's streams write it: `id:`, `event:` and `data:` lines. */
export interface SseFrame {
  id?: number;
  type: string;
  data: string;
}

/**
 * A `data` handler for a text/event-stream response read as UTF-8: it splits the stream into frames
 * (blank-line separated, possibly across chunks) and calls `onFrame` for each complete one.
 */
export function sseFrameReader(onFrame: (frame: SseFrame) => void): (chunk: string) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const raw = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const frame: SseFrame = { type: 'message', data: '' };
      for (const line of raw.split('\n')) {
        if (line.startsWith('id: ')) frame.id = Number(line.slice(4));
        else if (line.startsWith('event: ')) frame.type = line.slice(7);
        else if (line.startsWith('data: ')) frame.data += line.slice(6);
      }
      onFrame(frame);
    }
  };
}
