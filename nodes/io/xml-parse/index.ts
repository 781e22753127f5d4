import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  text: z.string().max(20_000_000).describe('XML text.'),
  attributes: z.boolean().default(true).describe('Keep attributes (as `@_name` fields, or with `attribute_prefix`).'),
  attribute_prefix: z.string().max(10).default('@_').describe('Prefix of attribute fields.'),
  parse_values: z.boolean().default(false).describe('Turn numeric and boolean text into numbers and booleans.'),
  always_array: z.array(z.string().min(1)).max(100).default([]).describe('Element names always returned as lists, even when they occur once (`item`, `entry`).'),
});

export const ioXmlParse: NodeDefinition<typeof params> = {
  type: 'io.xml_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse XML',
  description: 'Parses XML into an object (fast-xml-parser): elements become fields, repeated elements lists, text next to attributes `#text`. Entities are decoded; DOCTYPE entity expansion is off. Invalid XML fails with its line.',
  tags: ['xml', 'parse', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The parsed document.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const valid = XMLValidator.validate(p.text);
    if (valid !== true) throw new NodeError(`invalid XML at line ${valid.err.line}: ${valid.err.msg}`, { type: 'invalid_input' });
    const always = new Set(p.always_array);
    const parser = new XMLParser({
      ignoreAttributes: !p.attributes,
      attributeNamePrefix: p.attribute_prefix,
      parseTagValue: p.parse_values,
      parseAttributeValue: p.parse_values,
      processEntities: true,
      htmlEntities: true,
      isArray: (name) => always.has(name),
    });
    return { output: { main: parser.parse(p.text) as unknown } };
  },
};
