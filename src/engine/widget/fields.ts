// The form fields a widget (and an approval) asks for: {name, type, label, required, options}.
// Pure zod: node definitions import it too.
import { z } from 'zod';

export const FIELD_TYPES = ['text', 'textarea', 'number', 'email', 'url', 'select', 'checkbox', 'date'] as const;

export const FormField = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'name is a letter or "_" then letters, digits or "_" (max 64)'),
    type: z.enum(FIELD_TYPES).default('text'),
    label: z.string().trim().min(1).max(200),
    required: z.boolean().default(false),
    options: z.array(z.string().min(1).max(200)).max(100).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !f.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs at least one option' });
    if (f.type !== 'select' && f.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'only select fields take options' });
  })
  // Form builders send `options: []` on every field: on a non-select field it means none (stored as null).
  .transform((f) => (f.type !== 'select' && f.options !== null ? { ...f, options: null } : f));
export type FormField = z.output<typeof FormField>;

/** Up to 50 fields with distinct names. */
export const FormFields = z.array(FormField).max(50).default([]).superRefine((fields, ctx) => {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate field name "${f.name}"` });
    seen.add(f.name);
  });
});
