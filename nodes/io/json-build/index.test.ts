import { describe, expect, it } from 'vitest';
import { itemStreams, type ListRef } from '../../../src/engine/execution/item-streams';
import { harness, keyOfUrl, main, tempBlobs } from '../../_lib/harness';

describe('io.json_build on a stored list', () => {
  const { blobs } = tempBlobs();

  it('writes the file an inline build of the same list would hold (compact, indented, sorted keys, NDJSON)', async () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ z: i, a: { y: [i, 'x\ny'], b: null } }));
    const lists = itemStreams(blobs, { accountId: 'acct_test', runId: 'run_test', nodeId: 'src', generation: 0, attempt: 1 }, 256);
    const writer = lists.writer('main');
    for (const item of items) await writer.write(item);
    const ref = (await writer.finish()) as ListRef;
    let n = 0;
    for (const params of [{}, { indent: 2 }, { indent: 3, sort_keys: true }, { ndjson: true }, { ndjson: true, sort_keys: true }]) {
      const h = harness({ capabilities: { blobs } });
      h.ctx.items = itemStreams(blobs, { accountId: 'acct_test', runId: 'run_test', nodeId: `b${n++}`, generation: 0, attempt: 1 }, 256);
      const file = (await main('io.json_build', params, { up: ref }, h)) as { url: string; size: number; items: number };
      const text = (await blobs.readBuffer(keyOfUrl(file.url))).toString('utf8');
      const inline = (await main('io.json_build', { ...params, to_file: false }, { up: items })) as { text: string };
      expect(file.items).toBe(300);
      expect(file.size).toBe(Buffer.byteLength(inline.text));
      expect(text, JSON.stringify(params)).toBe(inline.text);
    }
  });

  it('keeps inline values as before; to_file stores the text; NDJSON of a list is one value per line', async () => {
    expect(await main('io.json_build', { value: [1, { a: 2 }], indent: 2 })).toEqual({ text: '[\n  1,\n  {\n    "a": 2\n  }\n]', bytes: 27 });
    expect(await main('io.json_build', { value: [1, { b: 2, a: 1 }], ndjson: true, sort_keys: true })).toEqual({ text: '1\n{"a":1,"b":2}\n', bytes: 16 });
    const file = (await main('io.json_build', { value: { a: 1 }, to_file: true }, {}, harness({ capabilities: { blobs } }))) as { mime: string; size: number; bytes: number };
    expect(file).toMatchObject({ size: 7, bytes: 7, mime: expect.stringMatching(/json/) });
  });
});
