import { describe, expect, it } from 'vitest';
import { parseTemplateRef, resolveTemplates, stringify, templateRefs, type TemplateScope } from '../../../src/engine/contract/templates';

const scope: TemplateScope = {
  outputs: {
    fetch: { main: { status: 200, body: { items: [{ name: 'a' }, { name: 'b' }], ok: true, none: null } } },
    check: { true: { n: 5 } },
  },
  variables: { name: 'Ada', count: 3, flags: { beta: true }, list: [1, 2] },
};

describe('templates', () => {
  it('a param that is exactly one template keeps the JSON type of the value', () => {
    expect(resolveTemplates('{{fetch.output.main.status}}', scope)).toBe(200);
    expect(resolveTemplates('{{fetch.output.main.body.ok}}', scope)).toBe(true);
    expect(resolveTemplates('{{fetch.output.main.body.items}}', scope)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(resolveTemplates('{{ variables.flags }}', scope)).toEqual({ beta: true });
    expect(resolveTemplates('{{fetch.output.main.body.none}}', scope)).toBeNull();
    expect(resolveTemplates('{{fetch.output}}', scope)).toEqual(scope.outputs.fetch);
  });

  it('inside a longer string values are stringified (objects as JSON, missing as empty)', () => {
    expect(resolveTemplates('Hi {{variables.name}}, {{variables.count}} new', scope)).toBe('Hi Ada, 3 new');
    expect(resolveTemplates('flags={{variables.flags}} list={{variables.list}}', scope)).toBe('flags={"beta":true} list=[1,2]');
    expect(resolveTemplates('[{{variables.nope}}][{{fetch.output.main.body.none}}]', scope)).toBe('[][]');
    expect(resolveTemplates('ok: {{fetch.output.main.body.ok}}', scope)).toBe('ok: true');
  });

  it('reads array elements by index and through nested paths', () => {
    expect(resolveTemplates('{{fetch.output.main.body.items.1.name}}', scope)).toBe('b');
    expect(resolveTemplates('{{fetch.output.main.body.items.length}}', scope)).toBe(2);
    expect(resolveTemplates('{{fetch.output.main.body.items.9.name}}', scope)).toBeUndefined();
  });

  it('an unemitted port or a node that has not run resolves to undefined', () => {
    expect(resolveTemplates('{{check.output.false.n}}', scope)).toBeUndefined();
    expect(resolveTemplates('{{later.output.main}}', scope)).toBeUndefined();
  });

  it('resolves recursively through objects and arrays without touching the input', () => {
    const params = { a: ['{{variables.count}}', { b: 'n={{check.output.true.n}}' }], c: 7, d: null, e: false };
    const frozen = JSON.parse(JSON.stringify(params));
    expect(resolveTemplates(params, scope)).toEqual({ a: [3, { b: 'n=5' }], c: 7, d: null, e: false });
    expect(params).toEqual(frozen);
  });

  it('leaves text that is not a reference alone', () => {
    expect(resolveTemplates('{{not a ref}}', scope)).toBe('{{not a ref}}');
    expect(resolveTemplates('a {{x}} b {{variables.name}}', scope)).toBe('a {{x}} b Ada');
    expect(resolveTemplates('no braces', scope)).toBe('no braces');
    expect(resolveTemplates('{single}', scope)).toBe('{single}');
  });

  it('never reads inherited properties', () => {
    expect(resolveTemplates('{{variables.constructor}}', scope)).toBeUndefined();
    expect(resolveTemplates('{{variables.name.length}}', scope)).toBeUndefined();
    expect(resolveTemplates('{{__proto__.output.main}}', scope)).toBeUndefined();
  });

  it('is deterministic', () => {
    const params = { text: '{{variables.flags}} {{fetch.output.main.body}}' };
    expect(resolveTemplates(params, scope)).toEqual(resolveTemplates(params, scope));
  });

  it('templateRefs lists every template with where it sits', () => {
    const refs = templateRefs({ a: 'x {{fetch.output.main.body}} {{variables.name}}', b: [{ c: '{{bad}}' }], d: 1 });
    expect(refs).toEqual([
      { at: ['a'], expression: 'fetch.output.main.body', ref: { kind: 'node', nodeId: 'fetch', port: 'main', path: ['body'] } },
      { at: ['a'], expression: 'variables.name', ref: { kind: 'variables', name: 'name', path: [] } },
      { at: ['b', 0, 'c'], expression: 'bad', ref: null },
    ]);
  });

  it('parses references', () => {
    expect(parseTemplateRef('n.output')).toEqual({ kind: 'node', nodeId: 'n', port: null, path: [] });
    expect(parseTemplateRef('variables')).toBeNull();
    expect(parseTemplateRef('n.main.x')).toBeNull();
    expect(parseTemplateRef('n..output')).toBeNull();
    expect(stringify(undefined)).toBe('');
    expect(stringify({ a: 1 })).toBe('{"a":1}');
  });

  it('imports nothing at run time (safe inside workflow code)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../src/engine/contract/templates.ts', import.meta.url), 'utf8');
    expect(source.match(/^import (?!type ).*$/gm)).toBeNull();
  });
});
