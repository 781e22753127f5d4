// Every saved version of the workflow: open one in the editor, compare two (nodes, connections,
// parameters and settings that changed) and restore one (its spec saved again as a new version).
import { useState } from 'preact/hooks';
import { api, ENGINE } from '../api';
import { relativeTime } from '../format';
import { diffSpecs, isEmptyDiff, type SpecDiff } from './edit-ops';
import type { SavedSpec } from './model';

export interface VersionRow {
  version: number;
  created_at: string;
  current: boolean;
  origin: string;
}

const show = (v: unknown) => (v === undefined ? '(unset)' : JSON.stringify(v));

export function VersionsPanel(props: { workflowId: string | null; versions: VersionRow[]; onOpen: (version: number) => void; onRestore: (version: number) => void; busy: boolean }) {
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const [diff, setDiff] = useState<{ from: number; to: number; d: SpecDiff } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { versions } = props;
  if (!props.workflowId || !versions.length) return <p class="muted">Save to create version 1.</p>;
  const newest = versions[0]!.version;
  const from = left ?? versions[1]?.version ?? newest;
  const to = right ?? newest;

  const compare = async (a: number, b: number) => {
    setError(null);
    try {
      const get = (n: number) => api<{ spec: SavedSpec }>('GET', `${ENGINE}/workflows/${encodeURIComponent(props.workflowId!)}/versions/${n}`);
      const [va, vb] = await Promise.all([get(a), get(b)]);
      setDiff({ from: a, to: b, d: diffSpecs(va.spec as never, vb.spec as never) });
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <div data-testid="versions-panel">
      <ul class="versions" data-testid="versions">
        {versions.map((v) => (
          <li key={v.version} data-version={v.version}>
            <strong>v{v.version}</strong> {v.current && <span class="badge completed">current</span>} <span class="muted">{relativeTime(v.created_at)}</span>
            <span class="row-buttons">
              <button type="button" class="link" onClick={() => props.onOpen(v.version)} aria-label={`Open version ${v.version} in the editor`}>
                open
              </button>
              {v.version > 1 && (
                <button type="button" class="link" data-testid={`diff-${v.version}`} onClick={() => void compare(v.version - 1, v.version)} aria-label={`Compare version ${v.version} with version ${v.version - 1}`}>
                  diff
                </button>
              )}
              {!v.current && (
                <button type="button" class="link" disabled={props.busy} onClick={() => props.onRestore(v.version)} aria-label={`Restore version ${v.version} as a new version`}>
                  restore
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {versions.length > 1 && (
        <form
          class="connect"
          onSubmit={(e) => {
            e.preventDefault();
            void compare(from, to);
          }}
        >
          <label for="diff-from">Compare</label>
          <select id="diff-from" value={from} onChange={(e) => setLeft(Number(e.currentTarget.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                v{v.version}
              </option>
            ))}
          </select>
          <label for="diff-to">with</label>
          <select id="diff-to" value={to} onChange={(e) => setRight(Number(e.currentTarget.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                v{v.version}
              </option>
            ))}
          </select>
          <button type="submit">Compare</button>
        </form>
      )}
      {error && <p class="error">{error}</p>}
      {diff && <DiffView from={diff.from} to={diff.to} d={diff.d} />}
    </div>
  );
}

function DiffView(props: { from: number; to: number; d: SpecDiff }) {
  const { d } = props;
  return (
    <section class="diff" data-testid="version-diff" aria-label={`Changes from version ${props.from} to ${props.to}`}>
      <h3>
        v{props.from} → v{props.to}
      </h3>
      {isEmptyDiff(d) && <p class="muted">No change besides node positions.</p>}
      <ul class="plain">
        {(
          [
            ['added', '+ node', d.addedNodes],
            ['removed', '− node', d.removedNodes],
            ['added', '+ connection', d.addedEdges],
            ['removed', '− connection', d.removedEdges],
          ] as const
        ).flatMap(([cls, what, list]) =>
          list.map((k) => (
            <li key={`${what}-${k}`} class={cls}>
              {what} <code>{k}</code>
            </li>
          )),
        )}
        {d.changedNodes.map((c) => (
          <li key={`cn-${c.id}`} class="changed" data-changed-node={c.id}>
            ~ node <code>{c.id}</code>
            {c.other.length > 0 && <span class="muted"> ({c.other.join(', ')})</span>}
            <ul class="plain">
              {c.params.map((p) => (
                <li key={p.key}>
                  <code>{p.key}</code>: <del>{show(p.before)}</del> → <ins>{show(p.after)}</ins>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {d.settings.map((k) => (
          <li key={`s-${k}`} class="changed">
            ~ setting <code>{k}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
