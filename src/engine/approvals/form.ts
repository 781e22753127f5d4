// An approval's form: the values a decision submits, checked against the fields the node asks
// for (the widget's field types). Every problem names its field: loc ['body', 'values', <name>].
import { z } from 'zod';
import type { ValidationIssue } from '../../infra/http/errors';
import type { FormField } from '../widget/fields';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function valueSchema(field: FormField): z.ZodType {
  switch (field.type) {
    case 'number':
      return z.number().finite();
    case 'email':
      return z.email();
    case 'url':
      return z.url();
    case 'select':
      return z.enum((field.options ?? []) as [string, ...string[]]);
    case 'checkbox':
      return z.boolean();
    case 'date':
      return z.string().regex(ISO_DATE, 'a date as YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(s)), 'not a calendar date');
    case 'textarea':
      return z.string().max(20_000);
    default:
      return z.string().max(2_000);
  }
}

/**
 * The submitted values kept (only the form's fields), or the problems found. Required fields are
 * required when approving; a rejection may leave them out. Names the form does not have are refused.
 */
export function checkFormValues(fields: FormField[], values: Record<string, unknown>, approving: boolean): { values: Record<string, unknown>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const kept: Record<string, unknown> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) issues.push({ type: 'unknown_field', loc: ['body', 'values', name], msg: `The form has no field "${name}"`, input: values[name] });
  }
  for (const field of fields) {
    const value = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
    if (value === undefined || value === null || value === '') {
      if (field.required && approving) issues.push({ type: 'missing', loc: ['body', 'values', field.name], msg: `Field "${field.label}" is required`, input: value ?? null });
      continue;
    }
    const parsed = valueSchema(field).safeParse(value);
    if (parsed.success) kept[field.name] = parsed.data;
    else issues.push({ type: `invalid_${field.type}`, loc: ['body', 'values', field.name], msg: `Field "${field.label}": ${parsed.error.issues[0]?.message ?? 'invalid value'}`, input: value });
  }
  return { values: kept, issues };
}
