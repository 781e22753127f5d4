import type { WindowState } from './window-store';

declare global {
  namespace Express {
    interface Request {
      /** The per-endpoint window after this request was counted. */
      endpointWindow?: WindowState;
    }
  }
}

export {};
