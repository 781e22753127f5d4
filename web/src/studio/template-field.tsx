// A text input (or a JSON box) that completes `{{…}}` templates: typing `{{` lists what the node may
// read — its upstream nodes' output ports and the workflow's variables — filtered by what follows
// the braces. Arrow keys move through the list, Enter or Tab picks, Escape closes; the caret lands
// before the closing braces so a path can follow (`.field`). A listbox with aria-activedescendant,
// so screen readers announce the highlighted entry.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { completeTemplate, openTemplateAt, type Suggestion } from './edit-ops';

type Field = HTMLInputElement | HTMLTextAreaElement;

export function TemplateField(props: {
  id: string;
  value: string;
  onInput: (text: string) => void;
  suggestions: Suggestion[];
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const ref = useRef<Field>(null);
  const [open, setOpen] = useState<{ start: number; typed: string } | null>(null);
  const [active, setActive] = useState(0);
  // A pick's text and caret, applied once the pick has rendered — before the browser handles the
  // next key, so keys pressed right after a pick (End, more typing) act on the completed text.
  const picked = useRef<{ text: string; caret: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const p = picked.current;
    if (!el || !p) return;
    picked.current = null;
    if (el.value !== p.text) el.value = p.text;
    el.focus();
    el.setSelectionRange(p.caret, p.caret);
  });
  const listId = `${props.id}-suggestions`;
  const typed = open?.typed.toLowerCase() ?? '';
  const matches = open ? props.suggestions.filter((s) => s.expression.toLowerCase().includes(typed)).slice(0, 12) : [];
  const shown = open !== null && matches.length > 0;

  const look = (el: Field) => {
    const next = openTemplateAt(el.value, el.selectionStart ?? el.value.length);
    setOpen(next);
    if (!next) setActive(0);
  };
  const pick = (s: Suggestion) => {
    const el = ref.current;
    if (!el || !open) return;
    const done = completeTemplate(el.value, el.selectionStart ?? el.value.length, open, s.expression);
    // The caret goes before the closing braces; set by the layout effect after this render.
    picked.current = { text: done.text, caret: done.caret - 2 };
    props.onInput(done.text);
    setOpen(null);
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!shown) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(null);
    }
  };
  const common = {
    id: props.id,
    value: props.value,
    placeholder: props.placeholder,
    spellcheck: false,
    class: props.className,
    'aria-invalid': props.invalid,
    'aria-describedby': props.describedBy,
    'aria-autocomplete': 'list' as const,
    'aria-controls': shown ? listId : undefined,
    'aria-activedescendant': shown ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined,
    onKeyDown,
    onInput: (e: Event) => {
      const el = e.currentTarget as Field;
      props.onInput(el.value);
      look(el);
    },
    onClick: (e: Event) => look(e.currentTarget as Field),
    onBlur: () => setTimeout(() => setOpen(null), 150),
  };
  return (
    <div class="template-field">
      {props.multiline ? (
        <textarea ref={ref as never} rows={props.rows ?? 4} {...common} />
      ) : (
        <input ref={ref as never} type="text" role="combobox" aria-expanded={shown} {...common} />
      )}
      {shown && (
        <ul class="suggestions" role="listbox" id={listId} aria-label="Template references" data-testid="template-suggestions">
          {matches.map((s, i) => (
            <li
              key={s.expression}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              class={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              <code>{`{{${s.expression}}}`}</code> <span class="muted">{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
