// A node's parameters as a form generated from its type's JSON Schema (GET /nodes/{type}):
// text, number, checkbox and select inputs for scalars, a JSON box for objects, arrays and unions.
// Every input has a label; an issue the server reported on a field sits under it (aria-describedby).
// Text inputs and JSON boxes complete `{{…}}` templates from what the node may read.
import { useEffect, useState } from 'preact/hooks';
import type { Suggestion } from './edit-ops';
import type { Issue } from './model';
import { TemplateField } from './template-field';

interface PropSchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  title?: string;
}

export interface ParamsSchema {
  properties?: Record<string, PropSchema>;
  required?: string[];
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

function kindOf(p: PropSchema): Kind {
  if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string')) return 'enum';
  const t = Array.isArray(p.type) ? p.type.filter((x) => x !== 'null') : p.type ? [p.type] : [];
  if (t.length === 1 && ['string', 'number', 'integer', 'boolean'].includes(t[0]!)) return t[0] as Kind;
  return 'json';
}

const fieldId = (nodeId: string, key: string) => `param-${nodeId}-${key}`;

/** A JSON box keeps what was typed until it parses; only then does the value change. */
export function JsonField(props: { id: string; value: unknown; onChange: (v: unknown) => void; describedBy?: string; invalid: boolean; suggestions?: Suggestion[]; rows?: number }) {
  const shown = props.value === undefined ? '' : JSON.stringify(props.value, null, 2);
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState(false);
  useEffect(() => {
    // The value changed from outside (undo, another version): show it.
    let same = false;
    try {
      same = text.trim() !== '' && JSON.stringify(JSON.parse(text)) === JSON.stringify(props.value);
    } catch {
      same = false;
    }
    if (!same && !(text.trim() === '' && props.value === undefined)) {
      setText(shown);
      setBad(false);
    }
  }, [shown]);
  return (
    <>
      <TemplateField
        id={props.id}
        multiline
        rows={props.rows ?? 4}
        className="json"
        suggestions={props.suggestions ?? []}
        invalid={props.invalid || bad}
        describedBy={props.describedBy}
        value={text}
        onInput={(t) => {
          setText(t);
          if (t.trim() === '') {
            setBad(false);
            props.onChange(undefined);
            return;
          }
          try {
            const v: unknown = JSON.parse(t);
            setBad(false);
            props.onChange(v);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad && <span class="field-note">Not JSON yet: the last valid value is kept.</span>}
    </>
  );
}

export function ParamsForm(props: {
  nodeId: string;
  schema: ParamsSchema | undefined;
  params: Record<string, unknown>;
  issues: Issue[];
  suggestions: Suggestion[];
  onChange: (key: string, value: unknown) => void;
}) {
  const { nodeId, schema, params, issues, suggestions } = props;
  if (!schema) return <p class="muted">Loading the parameters…</p>;
  const props_ = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  if (!props_.length) return <p class="muted">This node has no parameters.</p>;
  return (
    <div class="params">
      {props_.map(([key, p]) => {
        const kind = kindOf(p);
        const id = fieldId(nodeId, key);
        const fieldIssues = issues.filter((i) => i.field === key);
        const errId = fieldIssues.length ? `${id}-error` : undefined;
        const descId = p.description ? `${id}-desc` : undefined;
        const describedBy = [descId, errId].filter(Boolean).join(' ') || undefined;
        const value = params[key];
        const placeholder = p.default === undefined ? undefined : `default: ${typeof p.default === 'string' ? p.default : JSON.stringify(p.default)}`;
        const invalid = fieldIssues.length > 0;
        let input;
        if (kind === 'boolean') {
          input = (
            <input
              id={id}
              type="checkbox"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              checked={value === undefined ? p.default === true : value === true}
              onChange={(e) => props.onChange(key, e.currentTarget.checked)}
            />
          );
        } else if (kind === 'enum') {
          input = (
            <select id={id} aria-invalid={invalid} aria-describedby={describedBy} value={value === undefined ? '' : String(value)} onChange={(e) => props.onChange(key, e.currentTarget.value || undefined)}>
              <option value="">{placeholder ?? '(not set)'}</option>
              {(p.enum as string[]).map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          );
        } else if (kind === 'number' || kind === 'integer') {
          input = (
            <input
              id={id}
              type="number"
              step={kind === 'integer' ? 1 : 'any'}
              placeholder={placeholder}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              value={typeof value === 'number' ? String(value) : ''}
              onInput={(e) => {
                const t = e.currentTarget.value;
                props.onChange(key, t === '' ? undefined : Number(t));
              }}
            />
          );
        } else if (kind === 'string') {
          input = (
            <TemplateField
              id={id}
              placeholder={placeholder}
              invalid={invalid}
              describedBy={describedBy}
              suggestions={suggestions}
              multiline={key === 'code'}
              rows={key === 'code' ? 6 : undefined}
              className={key === 'code' ? 'json' : undefined}
              value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
              onInput={(t) => props.onChange(key, t === '' ? undefined : t)}
            />
          );
        } else {
          input = <JsonField id={id} value={value} invalid={invalid} describedBy={describedBy} suggestions={suggestions} onChange={(v) => props.onChange(key, v)} />;
        }
        return (
          <div class={`field${invalid ? ' invalid' : ''}`} key={key} data-field={key}>
            <label for={id}>
              {p.title ?? key}
              {required.has(key) && (
                <span class="required" aria-label="required">
                  {' '}*
                </span>
              )}
              {kind === 'json' && <span class="muted"> (JSON)</span>}
            </label>
            {input}
            {p.description && (
              <span class="field-desc" id={descId}>
                {p.description}
                {placeholder && kind !== 'enum' ? ` (${placeholder})` : ''}
              </span>
            )}
            {fieldIssues.map((i, n) => (
              <span class="field-error" role="alert" id={n === 0 ? errId : undefined} key={n} data-testid={`issue-${nodeId}-${key}`}>
                {i.msg}
              </span>
            ))}
          </div>
        );
      })}
    </div>
  );
}
