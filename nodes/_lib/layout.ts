// Where a box sits in a frame: the corner and centre positions the image, brand and creative nodes share.
export const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;

export type Position = (typeof POSITIONS)[number];

/** Top-left corner of a `w`×`h` box placed at `position` in a `W`×`H` frame with `margin`. */
export function place(position: Position, W: number, H: number, w: number, h: number, margin: number): { left: number; top: number } {
  const left = position.endsWith('left') ? margin : position.endsWith('right') ? W - w - margin : Math.round((W - w) / 2);
  const top = position.startsWith('top') ? margin : position.startsWith('bottom') ? H - h - margin : Math.round((H - h) / 2);
  return { left: Math.max(0, left), top: Math.max(0, top) };
}
