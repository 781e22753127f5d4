import type { WindowState } from './window-store';

declare global {
  namespace Express {
    interface Request {
      /** The per-endpoint window after this request was counted (seed 000 §8.2). */
      endpointWindow?: WindowState;
    }
  }
}

export {};
