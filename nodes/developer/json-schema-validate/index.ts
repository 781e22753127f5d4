import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { type NodeDefinition, NodeError, passThrough } from '../../../src/engine/node-sdk';
import { valueFrom } from '../../_lib/items';

const params = z.object({
  schema: z.record(z.string(), z.unknown()).describe('A JSON Schema (draft-07 by default; `$schema` of 2020-12 selects that draft).'),
  value: z.unknown().optional().describe('The value to validate; defaults to the upstream value.'),
  fail_on_invalid: z.boolean().default(false).describe('Fail the node when the value is invalid (instead of routing it to `invalid`).'),
  all_errors: z.boolean().default(true).describe('Report every error, not just the first.'),
});

export const developerJsonSchemaValidate: NodeDefinition<typeof params> = {
  type: 'developer.json_schema_validate',
  version: 1,
  category: 'developer',
  subcategory: 'validation',
  name: 'Validate JSON Schema',
  description: 'Validates a value against a JSON Schema (Ajv, draft-07 or 2020-12): the input goes to `valid`, or `invalid` gets {errors: [{path, message, keyword}], value}. With fail_on_invalid, an invalid value fails the node listing the errors. An invalid schema always fails.',
  tags: ['validation', 'json-schema', 'ajv', 'contract'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'valid', description: 'The input, when valid.' }, { name: 'invalid', description: '{errors, value}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const is2020 = typeof p.schema.$schema === 'string' && p.schema.$schema.includes('2020-12');
    const ajv = is2020 ? new Ajv2020({ allErrors: p.all_errors, strict: false }) : new Ajv({ allErrors: p.all_errors, strict: false });
    let validate;
    try {
      validate = ajv.compile(p.schema);
    } catch (err) {
      throw new NodeError(`invalid JSON Schema: ${(err as Error).message}`, { type: 'invalid_params' });
    }
    const value = valueFrom(p.value, inputs);
    if (validate(value)) return { output: { valid: p.value !== undefined ? value : passThrough(inputs) } };
    const errors = (validate.errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'invalid', keyword: e.keyword, params: e.params }));
    if (p.fail_on_invalid) throw new NodeError(`value does not match the schema: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { type: 'validation_failed' });
    return { output: { invalid: { errors, value: value ?? null } } };
  },
};
