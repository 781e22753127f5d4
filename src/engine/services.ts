// What nodes may use from `ctx.services`, typed loosely so nodes do not depend on how the provider
// layer or blob store are built. The executor fills `ctx.services` with `nodeServicesFrom(deps)`.
import type { NodeContext } from './types';

export interface EngineChatProvider {
  chat(req: {
    model: string;
    messages: { role: string; content: string }[];
    temperature?: number;
    signal?: AbortSignal;
  }): Promise<{ text: string; usage: { prompt_tokens: number; completion_tokens: number }; model?: string }>;
}

export interface EngineImageProvider {
  image(req: { model: string; prompt: string; width: number; height: number; signal?: AbortSignal }): Promise<{ data: Buffer; mime: string }>;
}

export interface EngineBlobs {
  newKey(accountId: string, folder: string, name: string): string;
  put(key: string, data: Buffer | Uint8Array | string): Promise<{ key: string; size: number; contentType: string }>;
  signedUrl(key: string, ttlSeconds?: number): { url: string; expiresAt: Date };
}

export interface EngineNodeServices {
  providers?: Partial<EngineChatProvider & EngineImageProvider>;
  blobs?: EngineBlobs;
  /** `ATELIER_ALLOW_PRIVATE_NETWORK`: http.request may reach loopback/private targets. */
  allowPrivateNetwork?: boolean;
  config?: { allowPrivateNetwork?: boolean };
}

/** The services a node sees; unset ones are undefined. */
export function nodeServices(ctx: Pick<NodeContext, 'services'>): EngineNodeServices {
  return ctx.services as EngineNodeServices;
}

/** Builds `ctx.services` from the process's dependencies (`Deps`, loosely: providers may be absent). */
export function nodeServicesFrom(deps: {
  blobs: EngineBlobs;
  config: { allowPrivateNetwork: boolean };
  /** Typed structurally, so a provider layer that drifts from what nodes call fails to compile. */
  providers?: EngineNodeServices['providers'];
  [name: string]: unknown;
}): EngineNodeServices & Record<string, unknown> {
  return {
    ...deps,
    providers: deps.providers,
    blobs: deps.blobs,
    allowPrivateNetwork: deps.config.allowPrivateNetwork,
  };
}

export function allowPrivateNetwork(services: EngineNodeServices): boolean {
  return services.allowPrivateNetwork ?? services.config?.allowPrivateNetwork ?? false;
}
