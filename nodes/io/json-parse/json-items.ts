// The elements of a JSON document whose top level is an array, or the values of an NDJSON text,
// one at a time as the text arrives: only the element being read is held, never the document.
// The splitter follows strings (with their escapes) and nesting depth to find where each
// top-level element ends, then hands that element's text to JSON.parse.
import { StringDecoder } from 'node:string_decoder';
import { NodeError } from '../../../src/engine/node-sdk';

/** Text of one element beyond this fails the node: memory stays bounded by one element. */
export const MAX_ELEMENT_CHARS = 10_000_000;

const invalid = (message: string) => new NodeError(`invalid JSON: ${message}`, { type: 'invalid_input' });

const WS = new Set([' ', '\t', '\n', '\r']);

/** Text as it arrives: a file's bytes (a read stream) or strings. */
type Source = AsyncIterable<Uint8Array | string> | Iterable<string>;

/** Decodes UTF-8 chunks into text chunks (a character split across chunks is kept whole); a leading BOM is dropped. */
async function* textChunks(source: Source): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.length > 0) yield text;
  }
  const rest = decoder.end();
  if (rest.length > 0) yield rest;
}

function parseElement(text: string, index: number, offset: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalid(`element ${index} (starting at character ${offset}): ${(err as Error).message}`);
  }
}

/**
 * The elements of a top-level JSON array, parsed one by one. Anything but an array at the top
 * level, an element left open or text after the closing bracket fails with `invalid_input`,
 * naming the element's index (from 0) and the character where it starts.
 */
export async function* arrayElements(source: Source): AsyncGenerator<unknown> {
  // before: until `[`; expect: an element or `]`; element: inside one; done: past `]`.
  let state = 'before' as 'before' | 'expect' | 'element' | 'done';
  let position = 0; // characters read before the current chunk
  let index = 0;
  let elementStart = 0; // the character where the current element starts
  let parts: string[] = [];
  let partsChars = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let afterComma = false;

  for await (const text of textChunks(source)) {
    let from = -1; // where the current element's text starts in this chunk
    if (state === 'element') from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '[' || c === '{') depth += 1;
        else if ((c === ']' || c === '}') && depth > 0) depth -= 1;
        else if (depth === 0 && (c === ',' || c === ']')) {
          parts.push(text.slice(from, i));
          const element = parseElement(parts.join(''), index, elementStart);
          parts = [];
          partsChars = 0;
          index += 1;
          yield element;
          state = c === ',' ? 'expect' : 'done';
          afterComma = c === ',';
        }
        continue;
      }
      if (WS.has(c)) continue;
      if (state === 'before') {
        if (c !== '[') throw invalid(`the top level is not an array (character ${position + i})`);
        state = 'expect';
      } else if (state === 'expect') {
        if (c === ']') {
          if (afterComma) throw invalid(`element ${index} (starting at character ${position + i}) is missing: a comma is followed by "]"`);
          state = 'done';
          continue;
        }
        if (c === ',') throw invalid(`element ${index} (starting at character ${position + i}) is missing: unexpected ","`);
        state = 'element';
        elementStart = position + i;
        from = i;
        depth = 0;
        inString = false;
        escaped = false;
        i -= 1; // the element's first character is read in the element state
      } else if (state === 'done') {
        throw invalid(`unexpected text after the closing "]" at character ${position + i}`);
      }
    }
    if (state === 'element') {
      const piece = text.slice(from);
      partsChars += piece.length;
      if (partsChars > MAX_ELEMENT_CHARS) throw invalid(`element ${index} (starting at character ${elementStart}) is longer than ${MAX_ELEMENT_CHARS} characters`);
      parts.push(piece);
    }
    position += text.length;
  }
  if (state === 'before') throw invalid('the document is empty');
  if (state !== 'done') throw invalid(`the array is not closed (element ${index}, starting at character ${state === 'element' ? elementStart : position}, is cut off)`);
}

/** The values of NDJSON text (one JSON value per line, blank lines skipped); a bad line fails naming its number (from 1). */
export async function* ndjsonValues(source: Source): AsyncGenerator<unknown> {
  let rest = '';
  let line = 0;
  const parseLine = (text: string) => {
    line += 1;
    if (text.trim() === '') return undefined;
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (err) {
      throw invalid(`line ${line}: ${(err as Error).message}`);
    }
  };
  for await (const text of textChunks(source)) {
    const all = rest + text;
    let start = 0;
    for (let nl = all.indexOf('\n'); nl !== -1; nl = all.indexOf('\n', start)) {
      const parsed = parseLine(all.slice(start, nl));
      start = nl + 1;
      if (parsed) yield parsed.value;
    }
    rest = all.slice(start);
    if (rest.length > MAX_ELEMENT_CHARS) throw invalid(`line ${line + 1} is longer than ${MAX_ELEMENT_CHARS} characters`);
  }
  const parsed = parseLine(rest);
  if (parsed) yield parsed.value;
}
