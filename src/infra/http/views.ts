// Building blocks for response schemas (`route({ response })`): the shapes every API family
// shares, so each family declares only what is its own.
import { z } from 'zod';

/** Timestamps leave the API as ISO 8601 in UTC (`Date.toISOString()`). */
export const isoTime = z.iso.datetime();

/** Money leaves the API as a USD number (micro-USD inside). */
export const usd = z.number();

/** `{object: 'list', data, total, …}`: the list envelope; `extra` adds what a list carries besides. */
export function listOf<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, extra?: E) {
  return z.object({ object: z.literal('list'), data: z.array(item), ...(extra ?? ({} as E)) });
}

/** Offset pagination: `{total, limit, offset, has_more}` beside `data`. */
export const offsetPage = { total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() };

/** `{id, object, deleted: true}`: what deleting a record answers. */
export function deletedOf<O extends string>(object: O) {
  return z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });
}
