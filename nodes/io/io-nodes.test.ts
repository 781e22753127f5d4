// The io category's data nodes, executed for real through the shared harness (table-driven).
import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getNode, nodeRegistry } from '../index';
import { credentialsFor, harness, main, run, undescribedParams } from '../_lib/harness';

const people = [
  { name: 'Ada', age: 36, team: 'core', email: 'ada@x.io' },
  { name: 'Bob', age: 25, team: 'web', email: 'BOB@x.io' },
  { name: 'Cy', age: 41, team: 'core', email: 'bob@x.io' },
];

// [title, type, params, inputs, expected main]
const cases: [string, string, Record<string, unknown>, Record<string, unknown>, unknown][] = [
  ['rename on a list', 'io.rename', { fields: { name: 'full_name', 'a.b': 'c' } }, { up: [{ name: 'A', a: { b: 1 } }, { x: 1 }] }, [{ full_name: 'A', a: {}, c: 1 }, { x: 1 }]],
  ['pick nested', 'io.pick', { value: { id: 1, user: { name: 'A', pw: 'x' }, z: 2 }, fields: ['id', 'user.name'] }, {}, { id: 1, user: { name: 'A' } }],
  ['omit', 'io.omit', { fields: ['email', 'age'] }, { up: people.slice(0, 1) }, [{ name: 'Ada', team: 'core' }]],
  ['sort desc then asc', 'io.sort', { items: people, by: [{ field: 'team', order: 'desc' }, { field: 'age' }] }, {}, [people[1], people[0], people[2]]],
  ['sort missing last', 'io.sort', { items: [{ v: 2 }, {}, { v: 1 }], by: [{ field: 'v', order: 'desc' }] }, {}, [{ v: 2 }, { v: 1 }, {}]],
  ['limit from start with offset', 'io.limit', { items: [1, 2, 3, 4, 5], count: 2, offset: 1 }, {}, [2, 3]],
  ['limit from end', 'io.limit', { items: [1, 2, 3, 4, 5], count: 2, from: 'end' }, {}, [4, 5]],
  ['limit reads {items} upstream', 'io.limit', { count: 1 }, { up: { items: ['a', 'b'] } }, ['a']],
  ['aggregate totals', 'io.aggregate', { items: people, operations: [{ op: 'count' }, { op: 'sum', field: 'age' }, { op: 'avg', field: 'age', as: 'mean' }, { op: 'max', field: 'age' }, { op: 'concat', field: 'name', separator: '/' }] }, {}, { count: 3, sum_age: 102, mean: 34, max_age: 41, concat_name: 'Ada/Bob/Cy' }],
  ['aggregate grouped', 'io.aggregate', { items: people, group_by: ['team'], operations: [{ op: 'count' }, { op: 'collect', field: 'name' }] }, {}, [{ team: 'core', count: 2, collect_name: ['Ada', 'Cy'] }, { team: 'web', count: 1, collect_name: ['Bob'] }]],
  ['split out with parent fields', 'io.split_out', { value: { order: 7, lines: [{ sku: 'a' }, { sku: 'b' }] }, field: 'lines', include: 'all', as: 'line' }, {}, [{ order: 7, line: { sku: 'a' } }, { order: 7, line: { sku: 'b' } }]],
  ['split out bare', 'io.split_out', { value: { tags: ['x', 'y'] }, field: 'tags' }, {}, ['x', 'y']],
  ['item_lists concat inputs', 'io.item_lists', { operation: 'concat' }, { a: [1, 2], b: [3] }, [1, 2, 3]],
  ['item_lists zip', 'io.item_lists', { operation: 'zip', lists: [[1, 2], ['a']] }, {}, [[1, 'a'], [2, null]]],
  ['item_lists chunk', 'io.item_lists', { operation: 'chunk', items: [1, 2, 3, 4, 5], size: 2 }, {}, [[1, 2], [3, 4], [5]]],
  ['item_lists flatten', 'io.item_lists', { operation: 'flatten', items: [1, [2, [3, [4]]]], depth: 2 }, {}, [1, 2, 3, [4]]],
  ['item_lists unique', 'io.item_lists', { operation: 'unique', items: [{ a: 1, b: 2 }, { b: 2, a: 1 }, 3, 3] }, {}, [{ a: 1, b: 2 }, 3]],
  ['item_lists index_of', 'io.item_lists', { operation: 'index_of', items: ['a', { k: 1 }], value: { k: 1 } }, {}, 1],
  ['merge_objects deep concat', 'io.merge_objects', { arrays: 'concat' }, { a: { x: { y: 1 }, l: [1] }, b: { x: { z: 2 }, l: [2], __proto__: { polluted: true } } }, { x: { y: 1, z: 2 }, l: [1, 2] }],
  ['merge_objects shallow', 'io.merge_objects', { objects: [{ x: { y: 1 } }, { x: { z: 2 } }], deep: false }, {}, { x: { z: 2 } }],
  ['math add strings', 'io.math', { operation: 'add', a: '2.5', b: 4 }, {}, { result: 6.5 }],
  ['math percent rounded', 'io.math', { operation: 'percent', a: 1, b: 3, decimals: 2 }, {}, { result: 33.33 }],
  ['math median', 'io.math', { operation: 'median', values: [5, 1, 4, 2] }, {}, { result: 3 }],
  ['math clamp', 'io.math', { operation: 'clamp', a: 120, min: 0, max: 100 }, {}, { result: 100 }],
  ['math round', 'io.math', { operation: 'round', a: 2.345, decimals: 1 }, {}, { result: 2.3 }],
  ['regex_extract named groups', 'io.regex_extract', { text: 'a=1, b=22', pattern: '(?<k>\\w)=(\\d+)' }, {}, { matches: [{ match: 'a=1', groups: ['a', '1'], named: { k: 'a' }, index: 0 }, { match: 'b=22', groups: ['b', '22'], named: { k: 'b' }, index: 5 }], first: 'a', count: 2 }],
  ['regex_extract none', 'io.regex_extract', { text: 'abc', pattern: '\\d' }, {}, { matches: [], first: null, count: 0 }],
  ['regex_replace groups', 'io.regex_replace', { text: 'John Smith, Jane Doe', pattern: '(\\w+) (?<last>\\w+)', replacement: '$<last> $1 ($$)' }, {}, { text: 'Smith John ($), Doe Jane ($)', replaced: 2 }],
  ['template with filters', 'io.template', { template: 'Hi ${user.name | upper}, ${n | fixed:2} ${tags | join:+} ${none | default:n/a} $${raw}' }, { up: { user: { name: 'ada' }, n: 3.14159, tags: ['a', 'b'] } }, { text: 'Hi ADA, 3.14 a+b n/a ${raw}' }],
  ['slugify', 'io.slugify', { text: 'Héllo, Wörld & Straße!' }, {}, { slug: 'hello-world-and-strasse' }],
  ['slugify cut at a word', 'io.slugify', { text: 'one two three', max_length: 9, separator: '_' }, {}, { slug: 'one_two' }],
  ['text_case camel', 'io.text_case', { text: 'hello big-world_now', case: 'camel' }, {}, { text: 'helloBigWorldNow' }],
  ['text_case snake from camel', 'io.text_case', { text: 'userIdValue', case: 'snake' }, {}, { text: 'user_id_value' }],
  ['text_case title', 'io.text_case', { text: 'the QUICK fox', case: 'title' }, {}, { text: 'The Quick Fox' }],
  ['text_case constant', 'io.text_case', { text: 'max retries', case: 'constant' }, {}, { text: 'MAX_RETRIES' }],
  ['text_split lines', 'io.text_split', { text: ' a \n\n b\nc ' }, {}, ['a', 'b', 'c']],
  ['text_split regex', 'io.text_split', { text: 'a1b22c', separator: '\\d+', regex: true }, {}, ['a', 'b', 'c']],
  ['text_join a field', 'io.text_join', { items: people, field: 'name', separator: ' & ', prefix: '[', suffix: ']' }, {}, { text: '[Ada & Bob & Cy]' }],
  ['text_trim chars', 'io.text_trim', { text: '--x-y--', characters: '-', side: 'start' }, {}, { text: 'x-y--' }],
  ['text_trim collapse', 'io.text_trim', { text: '  a   b\t\nc  ', collapse_whitespace: true }, {}, { text: 'a b c' }],
  ['text_pad zeros', 'io.text_pad', { text: 7, length: 3, fill: '0' }, {}, { text: '007' }],
  ['text_pad both', 'io.text_pad', { text: 'ab', length: 6, fill: '*', side: 'both' }, {}, { text: '**ab**' }],
  ['text_truncate at word', 'io.text_truncate', { text: 'The quick brown fox jumps', max_length: 15 }, {}, { text: 'The quick…', truncated: true }],
  ['text_truncate short', 'io.text_truncate', { text: 'short', max_length: 15 }, {}, { text: 'short', truncated: false }],
  ['number_format currency de', 'io.number_format', { value: 1234.5, style: 'currency', currency: 'eur', locale: 'de-DE' }, {}, { text: '1.234,50\u00a0€' }],
  ['number_format percent', 'io.number_format', { value: '0.256', style: 'percent', max_decimals: 1 }, {}, { text: '25.6%' }],
  ['number_format compact', 'io.number_format', { value: 1234567, style: 'compact' }, {}, { text: '1.2M' }],
  ['json_parse', 'io.json_parse', { text: '{"a":[1,true,null]}' }, {}, { a: [1, true, null] }],
  ['json_parse null on error', 'io.json_parse', { text: '{bad', on_error: 'null' }, {}, null],
  ['json_build sorted', 'io.json_build', { value: { b: 1, a: { d: 2, c: 3 } }, sort_keys: true }, {}, { text: '{"a":{"c":3,"d":2},"b":1}', bytes: 25 }],
  ['csv_parse header cast', 'io.csv_parse', { text: 'name,qty,note\n"Smith, J",3,"said ""hi""\nthere"\nB,x,\n', cast: true }, {}, [{ name: 'Smith, J', qty: 3, note: 'said "hi"\nthere' }, { name: 'B', qty: 'x', note: '' }]],
  ['csv_parse no header ; delimiter', 'io.csv_parse', { text: 'a;b\n1;2', header: false, delimiter: ';' }, {}, [['a', 'b'], ['1', '2']]],
  ['csv_build', 'io.csv_build', { items: [{ a: 'x,y', b: 1 }, { a: 'q"', c: { z: 1 } }] }, {}, { text: 'a,b,c\n"x,y",1,\n"q""",,"{""z"":1}"\n', rows: 2 }],
  ['xml_parse', 'io.xml_parse', { text: '<?xml version="1.0"?><feed lang="en"><item id="1">A &amp; B</item><item id="2">C</item></feed>' }, {}, { '?xml': { '@_version': '1.0' }, feed: { '@_lang': 'en', item: [{ '#text': 'A & B', '@_id': '1' }, { '#text': 'C', '@_id': '2' }] } }],
  ['xml_parse always_array', 'io.xml_parse', { text: '<r><item>1</item></r>', always_array: ['item'], parse_values: true }, {}, { r: { item: [1] } }],
  ['xml_build', 'io.xml_build', { value: { note: { '@_to': 'A & B', body: '<hi>' } }, indent: false }, {}, { text: '<?xml version="1.0" encoding="UTF-8"?>\n<note to="A &amp; B"><body>&lt;hi&gt;</body></note>' }],
  ['yaml_parse', 'io.yaml_parse', { text: 'a: 1\nlist:\n  - x\n  - {y: true}\n' }, {}, { a: 1, list: ['x', { y: true }] }],
  ['yaml_build', 'io.yaml_build', { value: { b: [1, 2], a: 'x' }, sort_keys: true }, {}, { text: 'a: x\nb:\n  - 1\n  - 2\n' }],
  ['hash sha256', 'io.hash', { value: 'abc' }, {}, { hash: createHash('sha256').update('abc').digest('hex'), algorithm: 'sha256' }],
  ['hash md5 base64 of hex bytes', 'io.hash', { value: 'ff00', input_encoding: 'hex', algorithm: 'md5', encoding: 'base64' }, {}, { hash: createHash('md5').update(Buffer.from([255, 0])).digest('base64'), algorithm: 'md5' }],
  ['base64_encode url-safe', 'io.base64_encode', { value: 'hi?>', url_safe: true }, {}, { base64: 'aGk_Pg' }],
  ['base64_decode to json', 'io.base64_decode', { base64: Buffer.from('{"a":1}').toString('base64url'), output: 'json' }, {}, { value: { a: 1 }, bytes: 7 }],
  ['base64_decode to hex', 'io.base64_decode', { base64: 'AAH/', output: 'hex' }, {}, { hex: '0001ff', bytes: 3 }],
  ['compare', 'io.compare', { a: { x: 1, l: [1, 2], gone: true, same: { k: 1 } }, b: { x: 2, l: [1, 2, 3], new: 'n', same: { k: 1 } } }, {}, { equal: false, added: [{ path: 'l.2', value: 3 }, { path: 'new', value: 'n' }], removed: [{ path: 'gone', value: true }], changed: [{ path: 'x', from: 1, to: 2 }] }],
  ['compare equal', 'io.compare', { a: { x: [1], y: 2 }, b: { y: 2, x: [1] } }, {}, { equal: true, added: [], removed: [], changed: [] }],
  ['url_parse', 'io.url_parse', { url: 'https://u:p@ex.com:8443/a/b%20c?q=1&q=2&x=y#top' }, {}, { href: 'https://ex.com:8443/a/b%20c?q=1&q=2&x=y#top', protocol: 'https', host: 'ex.com:8443', hostname: 'ex.com', port: 8443, pathname: '/a/b%20c', segments: ['a', 'b c'], query: { q: ['1', '2'], x: 'y' }, hash: 'top', origin: 'https://ex.com:8443' }],
  ['html_to_text', 'io.html_to_text', { html: '<html><head><style>p{}</style></head><body><h1>Title</h1><script>x()</script><p>Fish &amp; <b>chips</b>&nbsp;now.</p><ul><li>One</li><li><a href="https://x.test/2">Two</a></li></ul></body></html>', links: 'inline' }, {}, { text: 'Title\n\nFish & chips now.\n\n• One\n\n• Two (https://x.test/2)', length: 57 }],
  ['url_build', 'io.url_build', { base: 'https://api.ex.com/v1/', path: ['users', 'a/b'], query: { tag: ['x', 'y z'], skip: null, n: 2 } }, {}, { url: 'https://api.ex.com/v1/users/a%2Fb?tag=x&tag=y+z&n=2' }],
];

describe('io nodes', () => {
  it.each(cases)('%s (%s)', async (_title, type, params, inputs, expected) => {
    expect(await main(type, params, inputs)).toEqual(expected);
  });

  it('io.filter keeps and rejects by conditions (all / any)', async () => {
    const r = await run('io.filter', { items: people, conditions: [{ field: 'team', operator: 'eq', value: 'core' }, { field: 'age', operator: 'gt', value: 40 }] });
    expect(r.output).toEqual({ main: [people[2]], rejected: [people[0], people[1]] });
    const any = await run('io.filter', { conditions: [{ field: 'name', operator: 'starts_with', value: 'B' }, { field: 'email', operator: 'matches', value: '^ada' }], combine: 'any' }, { up: people });
    expect(any.output.main).toEqual([people[0], people[1]]);
    const inList = await run('io.filter', { items: people, conditions: [{ field: 'age', operator: 'in', value: [25, 41] }] });
    expect((inList.output.main as unknown[]).length).toBe(2);
  });

  it('io.dedupe by a field, case-insensitive, keeping first or last', async () => {
    const first = await run('io.dedupe', { items: people, fields: ['email'], case_insensitive: true });
    expect(first.output).toEqual({ main: [people[0], people[1]], duplicates: [people[2]] });
    const last = await run('io.dedupe', { items: people, fields: ['email'], case_insensitive: true, keep: 'last' });
    expect(last.output.main).toEqual([people[0], people[2]]);
    expect((await run('io.dedupe', { items: [{ a: 1, b: 2 }, { b: 2, a: 1 }] })).output.main).toEqual([{ a: 1, b: 2 }]);
  });

  it('io.date_time formats, adds across DST, diffs and bounds in a time zone', async () => {
    const f = (await main('io.date_time', { date: '2026-03-28T12:00:00Z', timezone: 'Europe/Paris', format: "EEEE d MMMM yyyy 'at' HH:mm XXX" })) as Record<string, unknown>;
    expect(f).toMatchObject({ iso: '2026-03-28T12:00:00.000Z', local: '2026-03-28T13:00:00.000+01:00', formatted: 'Saturday 28 March 2026 at 13:00 +01:00', parts: { year: 2026, month: 3, day: 28, hour: 13, weekday: 6 } });
    // One calendar day later in Paris crosses the spring-forward night: 23 hours of real time.
    const next = (await main('io.date_time', { operation: 'add', date: '2026-03-28T12:00:00Z', timezone: 'Europe/Paris', amount: 1, unit: 'day' })) as { iso: string; local: string };
    expect(next).toMatchObject({ iso: '2026-03-29T11:00:00.000Z', local: '2026-03-29T13:00:00.000+02:00' });
    expect(await main('io.date_time', { operation: 'add', date: '2026-01-31', amount: 1, unit: 'month', format: 'date' })).toMatchObject({ formatted: '2026-02-28' });
    expect(await main('io.date_time', { operation: 'subtract', date: '2026-01-01T00:00:00Z', amount: 90, unit: 'minute', format: 'datetime' })).toMatchObject({ formatted: '2025-12-31 22:30:00' });
    expect(await main('io.date_time', { operation: 'diff', date: '2026-01-15', other: '2026-04-14', unit: 'month' })).toEqual({ diff: 2, unit: 'month' });
    expect(await main('io.date_time', { operation: 'diff', date: '2026-01-01T00:00:00Z', other: '2026-01-02T12:00:00Z', unit: 'hour' })).toEqual({ diff: 36, unit: 'hour' });
    expect(await main('io.date_time', { operation: 'start_of', date: '2026-11-26T15:30:00Z', unit: 'week', timezone: 'America/New_York' })).toMatchObject({ local: '2026-11-23T00:00:00.000-05:00' });
    expect(await main('io.date_time', { operation: 'end_of', date: '2026-02-10T10:00:00Z', unit: 'month' })).toMatchObject({ iso: '2026-02-28T23:59:59.999Z' });
    expect(await main('io.date_time', { date: '2026-07-01 09:30', timezone: 'Asia/Tokyo', format: 'unix' })).toMatchObject({ iso: '2026-07-01T00:30:00.000Z', formatted: 1782865800 });
    const now = (await main('io.date_time', { operation: 'now' })) as { epoch_ms: number };
    expect(Math.abs(now.epoch_ms - Date.now())).toBeLessThan(5000);
    expect(() => getNode('io.date_time')!.params.parse({ timezone: 'Mars/Olympus' })).toThrow(/time zone/);
    await expect(main('io.date_time', { date: 'not a date' })).rejects.toMatchObject({ type: 'invalid_input' });
  });

  it('io.hmac signs and verifies with the key from its credential slot, never emitting it', async () => {
    const key = 'whsec_topsecret';
    const expected = createHmac('sha256', key).update('{"a":1}').digest('hex');
    const h = harness({ capabilities: { credentials: credentialsFor({ hmac: { secret: key } }) } });
    const r = await main('io.hmac', { value: { a: 1 }, expected: `sha256=${expected}` }, {}, h);
    expect(r).toEqual({ signature: expected, algorithm: 'sha256', valid: true });
    expect(JSON.stringify(r)).not.toContain(key);
    expect(await main('io.hmac', { value: 'x', expected: 'nope', credential: { key } })).toMatchObject({ valid: false });
    await expect(main('io.hmac', { value: 'x' })).rejects.toMatchObject({ type: 'missing_credential' });
  });

  it('io.random draws secure values of each kind', async () => {
    expect((await main('io.random', {}) as { value: string }).value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ints = (await main('io.random', { kind: 'integer', min: 1, max: 3, count: 200 }) as { value: number[] }).value;
    expect(new Set(ints)).toEqual(new Set([1, 2, 3]));
    expect((await main('io.random', { kind: 'string', length: 12, alphabet: 'ab' }) as { value: string }).value).toMatch(/^[ab]{12}$/);
    expect((await main('io.random', { kind: 'bytes', length: 4 }) as { value: string }).value).toMatch(/^[0-9a-f]{8}$/);
    const shuffled = (await main('io.random', { kind: 'shuffle', items: [1, 2, 3, 4] }) as { value: number[] }).value;
    expect([...shuffled].sort()).toEqual([1, 2, 3, 4]);
    expect([1, 2]).toContain((await main('io.random', { kind: 'pick', items: [1, 2] }) as { value: number }).value);
    const f = (await main('io.random', { kind: 'float', min: 5, max: 6 }) as { value: number }).value;
    expect(f >= 5 && f < 6).toBe(true);
  });

  // [type, params, error type]
  const failures: [string, Record<string, unknown>, string][] = [
    ['io.json_parse', { text: '{bad' }, 'invalid_input'],
    ['io.csv_parse', { text: 'a,b\n1,2,3' }, 'invalid_input'],
    ['io.csv_parse', { text: 'a\n1\n2\n3', max_rows: 2 }, 'invalid_input'],
    ['io.xml_parse', { text: '<a><b></a>' }, 'invalid_input'],
    ['io.yaml_parse', { text: 'a: [1, 2' }, 'invalid_input'],
    ['io.math', { operation: 'divide', a: 1, b: 0 }, 'invalid_input'],
    ['io.math', { operation: 'add', a: 'x', b: 1 }, 'invalid_input'],
    ['io.regex_extract', { text: 'a', pattern: '(' }, 'invalid_params'],
    ['io.template', { template: '${a | nope}', data: {} }, 'invalid_params'],
    ['io.template', { template: '${a}', data: {}, strict: true }, 'invalid_input'],
    ['io.base64_decode', { base64: 'not base64!' }, 'invalid_input'],
    ['io.url_parse', { url: 'not a url' }, 'invalid_input'],
    ['io.aggregate', { items: [{ v: 'x' }], operations: [{ op: 'sum', field: 'v' }] }, 'invalid_input'],
    ['io.rename', { value: { a: 1 }, fields: { a: '__proto__.x' } }, 'invalid_params'],
    ['io.number_format', { value: 1, style: 'currency' }, 'invalid_params'],
  ];
  it.each(failures)('%s fails clearly on %j', async (type, params, errorType) => {
    await expect(main(type, params)).rejects.toMatchObject({ name: 'NodeError', type: errorType, retryable: false });
  });

  it('every io node is local, categorised, tagged and describes every param', () => {
    const defs = nodeRegistry.list().filter((d) => d.category === 'io' && d.type !== 'io.set');
    expect(defs.length).toBeGreaterThanOrEqual(38);
    for (const d of defs) {
      expect(d.execution, d.type).toBe('local');
      expect(d.subcategory, d.type).toBeTruthy();
      expect(d.tags?.length, d.type).toBeGreaterThan(0);
      expect(undescribedParams(d.type), d.type).toEqual([]);
    }
  });
});
