import { XMLBuilder } from 'fast-xml-parser';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { isRecord, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('The object to write; defaults to the upstream value. Fields starting with `attribute_prefix` become attributes, `#text` the element text.'),
  root: z.string().max(100).optional().describe('Wrap the value in an element of this name (needed when it has several top-level fields).'),
  attribute_prefix: z.string().max(10).default('@_').describe('Prefix of fields written as attributes.'),
  indent: z.boolean().default(true).describe('Pretty-print with two-space indentation.'),
  declaration: z.boolean().default(true).describe('Start with `<?xml version="1.0" encoding="UTF-8"?>`.'),
});

export const ioXmlBuild: NodeDefinition<typeof params> = {
  type: 'io.xml_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build XML',
  description: 'Writes an object as XML (fast-xml-parser), escaping text and attributes; `main` = {text}.',
  tags: ['xml', 'serialize', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    let value = valueFrom(p.value, inputs);
    if (p.root) value = { [p.root]: value };
    if (!isRecord(value)) value = { value };
    const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: p.attribute_prefix, format: p.indent, indentBy: '  ', suppressEmptyNode: true, processEntities: true });
    const body = builder.build(value) as string;
    const text = (p.declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + body;
    return { output: { main: { text } } };
  },
};
