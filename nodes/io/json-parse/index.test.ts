import { describe, expect, it } from 'vitest';
import { isItemListRef, RESULT_REF_KEY } from '../../../src/engine/node-sdk';
import { itemStreams, type ListRef } from '../../../src/engine/execution/item-streams';
import { harness, main, tempBlobs } from '../../_lib/harness';
import { arrayElements, ndjsonValues } from './json-items';

/** The values of a text split into chunks of `size` characters, or the error's message. */
async function split(text: string, size: number, ndjson = false): Promise<unknown> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  const out: unknown[] = [];
  try {
    for await (const v of ndjson ? ndjsonValues(chunks) : arrayElements(chunks)) out.push(v);
    return out;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('io.json_parse: the top-level array splitter', () => {
  it('gives what JSON.parse gives, whatever the chunk boundaries (strings, escapes, nesting)', async () => {
    const doc = JSON.stringify([{ a: 'x,]}"y\\', b: [1, [2, { c: '[' }]] }, 'a\\"b', -1.5e3, null, true, [], {}, 'é漢🙂'], null, 2);
    for (const size of [1, 2, 3, 7, 64, doc.length]) expect(await split(doc, size), `chunks of ${size}`).toEqual(JSON.parse(doc));
    expect(await split('\uFEFF [ ] ', 1)).toEqual([]);
  });

  it('fails on malformed documents naming the element and where it starts', async () => {
    expect(await split('[1, {"a": nope}]', 3)).toMatch(/^invalid JSON: element 1 \(starting at character 4\)/);
    expect(await split('[1,]', 1)).toMatch(/element 1 \(starting at character 3\) is missing/);
    expect(await split('[,1]', 1)).toMatch(/element 0 .* is missing/);
    expect(await split('[1,2', 2)).toMatch(/not closed \(element 1, starting at character 3/);
    expect(await split('[1] x', 2)).toMatch(/after the closing "\]" at character 4/);
    expect(await split('{"a":1}', 2)).toMatch(/top level is not an array/);
    expect(await split('', 2)).toMatch(/empty/);
    expect(await split('["a]', 2)).toMatch(/not closed/);
  });

  it('reads NDJSON line by line, skipping blank lines, naming a bad line', async () => {
    expect(await split('{"a":1}\n\n[2]\r\n3', 2, true)).toEqual([{ a: 1 }, [2], 3]);
    expect(await split('{"a":1}\n{bad\n', 4, true)).toMatch(/^invalid JSON: line 2:/);
  });
});

describe('io.json_parse: files', () => {
  const { blobs } = tempBlobs();
  const stored = async (name: string, text: string) => {
    const key = blobs.newKey('acct_test', 'uploads', name);
    await blobs.put(key, text);
    return blobs.signedUrl(key).url;
  };
  const withLists = (node: string) => {
    const h = harness({ capabilities: { blobs } });
    h.ctx.items = itemStreams(blobs, { accountId: 'acct_test', runId: 'run_test', nodeId: node, generation: 0, attempt: 1 }, 256);
    return h;
  };

  it('a top-level array file becomes a stored list when long, an inline list when short; other documents parse whole', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ i }));
    const ref = await main('io.json_parse', { file: await stored('a.json', JSON.stringify(items)) }, {}, withLists('a'));
    expect(isItemListRef(ref)).toBe(true);
    expect((ref as ListRef)[RESULT_REF_KEY].items).toBe(200);
    const read: unknown[] = [];
    for await (const item of withLists('r').ctx.items!.read(ref as ListRef)) read.push(item);
    expect(read).toEqual(items);
    expect(await main('io.json_parse', { file: await stored('b.json', '[1,2]') }, {}, withLists('b'))).toEqual([1, 2]);
    expect(await main('io.json_parse', { file: await stored('c.json', ' {"a":[1]}') }, {}, withLists('c'))).toEqual({ a: [1] });
    expect(await main('io.json_parse', { ndjson: true }, { up: await stored('d.ndjson', '1\n"x"\n') }, withLists('d'))).toEqual([1, 'x']);
    expect(await main('io.json_parse', { ndjson: true, text: '1\n"x"\n' })).toEqual([1, 'x']);
    await expect(main('io.json_parse', { file: await stored('e.json', '[1,2,3]'), max_items: 2 }, {}, withLists('e'))).rejects.toMatchObject({ type: 'invalid_input' });
    await expect(main('io.json_parse', {}, {})).rejects.toMatchObject({ type: 'missing_input' });
  });
});
