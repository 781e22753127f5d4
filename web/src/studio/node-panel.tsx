// The selected node in the inspector: rename it, its parameters (a form from its type's JSON Schema,
// templates completed from upstream ports and variables), its settings (retry, timeout, continue on
// error, disabled, notes), the connections bound to its credential slots, the keyboard's way to wire
// it, duplicate and delete.
import { useEffect, useState } from 'preact/hooks';
import { nodeIdProblem, type Suggestion } from './edit-ops';
import type { Issue, NodeTypeSummary, StudioNode } from './model';
import { ParamsForm, type ParamsSchema } from './params-form';

export interface ConnectionRow {
  id: string;
  provider: string;
  name: string;
}

type NodePatch = Partial<Pick<StudioNode, 'continue_on_error' | 'disabled' | 'credentials' | 'retry' | 'timeout_s' | 'notes'>>;

export function NodePanel(props: {
  node: StudioNode;
  def: NodeTypeSummary | undefined;
  schema: ParamsSchema | undefined;
  issues: Issue[];
  suggestions: Suggestion[];
  otherIds: string[];
  outputs: string[];
  targets: string[];
  connections: ConnectionRow[] | null;
  onParam: (key: string, value: unknown) => void;
  onPatch: (patch: NodePatch, coalesce?: string) => void;
  onRename: (to: string) => void;
  onConnect: (port: string, target: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { node, def, schema, issues } = props;
  const fieldNames = new Set(Object.keys(schema?.properties ?? {}));
  const nid = node.id;
  return (
    <div data-testid="node-panel">
      <h2>
        <code>{nid}</code>
      </h2>
      <p class="muted">
        {def?.name ?? node.type} · <code>{node.type}</code>
      </p>
      {def?.description && <p class="field-desc">{def.description}</p>}
      <RenameForm key={nid} id={nid} taken={props.otherIds} onRename={props.onRename} />
      {issues
        .filter((i) => i.field === undefined || !fieldNames.has(i.field))
        .map((i, n) => (
          <p class="field-error" role="alert" key={n}>
            {i.field ? `${i.field}: ` : ''}
            {i.msg}
          </p>
        ))}
      <ParamsForm nodeId={nid} schema={schema} params={node.params} issues={issues} suggestions={props.suggestions} onChange={props.onParam} />
      <div class="field">
        <label class="check">
          <input type="checkbox" checked={!!node.continue_on_error} onChange={(e) => props.onPatch({ continue_on_error: e.currentTarget.checked || undefined })} /> Continue on error (wire the{' '}
          <code>error</code> port to route failures)
        </label>
      </div>
      <details class="node-settings">
        <summary>Node settings</summary>
        <div class="field">
          <label class="check">
            <input type="checkbox" checked={!!node.disabled} onChange={(e) => props.onPatch({ disabled: e.currentTarget.checked || undefined })} /> Disabled (skipped when the workflow runs)
          </label>
        </div>
        <div class="field">
          <label for={`retry-${nid}`}>Attempts (retries + 1; empty: the engine's default)</label>
          <input
            id={`retry-${nid}`}
            type="number"
            min={1}
            max={100}
            value={node.retry?.max_attempts ?? ''}
            onInput={(e) => {
              const t = e.currentTarget.value;
              props.onPatch({ retry: t === '' ? undefined : { max_attempts: Number(t), backoff: node.retry?.backoff ?? 'exponential' } }, `retry:${nid}`);
            }}
          />
        </div>
        {node.retry && (
          <div class="field">
            <label for={`backoff-${nid}`}>Backoff between attempts</label>
            <select id={`backoff-${nid}`} value={node.retry.backoff} onChange={(e) => props.onPatch({ retry: { ...node.retry!, backoff: e.currentTarget.value as 'fixed' | 'exponential' } })}>
              <option value="exponential">exponential</option>
              <option value="fixed">fixed</option>
            </select>
          </div>
        )}
        <div class="field">
          <label for={`timeout-${nid}`}>Timeout (seconds; empty: the default)</label>
          <input
            id={`timeout-${nid}`}
            type="number"
            min={1}
            value={node.timeout_s ?? ''}
            aria-invalid={issues.some((i) => i.field === 'timeout_s')}
            onInput={(e) => {
              const t = e.currentTarget.value;
              props.onPatch({ timeout_s: t === '' ? undefined : Number(t) }, `timeout:${nid}`);
            }}
          />
        </div>
        <div class="field">
          <label for={`notes-${nid}`}>Notes</label>
          <textarea id={`notes-${nid}`} rows={2} value={node.notes ?? ''} onInput={(e) => props.onPatch({ notes: e.currentTarget.value || undefined }, `notes:${nid}`)} />
        </div>
      </details>
      <CredentialSlots node={node} connections={props.connections} onChange={(credentials) => props.onPatch({ credentials })} />
      <ConnectForm from={nid} ports={props.outputs} targets={props.targets} onConnect={props.onConnect} />
      <div class="row-buttons">
        <button type="button" onClick={props.onDuplicate} title="Duplicate (Ctrl+D)">
          Duplicate node
        </button>
        <button type="button" class="danger" onClick={props.onDelete} title="Delete (Delete key)">
          Delete node
        </button>
      </div>
    </div>
  );
}

function RenameForm(props: { id: string; taken: string[]; onRename: (to: string) => void }) {
  const [text, setText] = useState(props.id);
  useEffect(() => setText(props.id), [props.id]);
  const problem = text === props.id ? null : nodeIdProblem(text, props.taken);
  const fid = `rename-${props.id}`;
  return (
    <form
      class="rename"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && text !== props.id) props.onRename(text);
      }}
    >
      <label for={fid}>Node id</label>
      <input id={fid} value={text} spellcheck={false} aria-invalid={problem !== null} aria-describedby={problem ? `${fid}-error` : undefined} onInput={(e) => setText(e.currentTarget.value)} />
      <button type="submit" disabled={problem !== null || text === props.id}>
        Rename
      </button>
      {problem && (
        <span class="field-error" id={`${fid}-error`}>
          {problem}
        </span>
      )}
    </form>
  );
}

/** `{slot: connection_id}` as rows: a slot name and the connection it is bound to. */
function CredentialSlots(props: { node: StudioNode; connections: ConnectionRow[] | null; onChange: (c: Record<string, string> | undefined) => void }) {
  const bound = props.node.credentials ?? {};
  const [slot, setSlot] = useState('');
  const [conn, setConn] = useState('');
  const list = props.connections ?? [];
  const nid = props.node.id;
  const set = (next: Record<string, string>) => props.onChange(Object.keys(next).length ? next : undefined);
  const chosen = list.find((c) => c.id === (conn || list[0]?.id));
  return (
    <details class="node-settings" open={Object.keys(bound).length > 0}>
      <summary>Credentials ({Object.keys(bound).length})</summary>
      {Object.entries(bound).map(([s, id]) => (
        <div class="field slot" key={s}>
          <label for={`slot-${nid}-${s}`}>
            Slot <code>{s}</code>
          </label>
          <select id={`slot-${nid}-${s}`} value={id} onChange={(e) => set({ ...bound, [s]: e.currentTarget.value })}>
            {!list.some((c) => c.id === id) && <option value={id}>{id} (not found)</option>}
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.provider})
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => {
              const { [s]: _gone, ...rest } = bound;
              set(rest);
            }}
          >
            Unbind {s}
          </button>
        </div>
      ))}
      {props.connections === null ? (
        <p class="muted">Loading connections…</p>
      ) : !list.length ? (
        <p class="muted">No connections yet (POST /engine/v1/v1/connections); until one is bound, the node uses its inline credential fields.</p>
      ) : (
        <form
          class="connect"
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return;
            set({ ...bound, [slot.trim() || chosen.provider]: chosen.id });
            setSlot('');
          }}
        >
          <label for={`new-conn-${nid}`}>Connection</label>
          <select id={`new-conn-${nid}`} value={chosen?.id} onChange={(e) => setConn(e.currentTarget.value)}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.provider})
              </option>
            ))}
          </select>
          <label for={`new-slot-${nid}`}>for slot</label>
          <input id={`new-slot-${nid}`} size={10} placeholder={chosen?.provider} value={slot} onInput={(e) => setSlot(e.currentTarget.value)} />
          <button type="submit">Bind</button>
        </form>
      )}
    </details>
  );
}

/** The keyboard's way to wire a node (the canvas's way is dragging a port onto a node). */
function ConnectForm(props: { from: string; ports: string[]; targets: string[]; onConnect: (port: string, target: string) => void }) {
  const [port, setPort] = useState(props.ports[0] ?? 'main');
  const [target, setTarget] = useState('');
  if (!props.targets.length) return null;
  const portId = `connect-port-${props.from}`;
  const targetId = `connect-target-${props.from}`;
  return (
    <form
      class="connect"
      onSubmit={(e) => {
        e.preventDefault();
        const to = props.targets.includes(target) ? target : props.targets[0]!;
        props.onConnect(props.ports.includes(port) ? port : (props.ports[0] ?? 'main'), to);
      }}
    >
      <label for={portId}>Connect output</label>
      <select id={portId} value={port} onChange={(e) => setPort(e.currentTarget.value)}>
        {props.ports.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <label for={targetId}>to node</label>
      <select id={targetId} value={props.targets.includes(target) ? target : props.targets[0]} onChange={(e) => setTarget(e.currentTarget.value)}>
        {props.targets.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <button type="submit">Connect</button>
    </form>
  );
}
