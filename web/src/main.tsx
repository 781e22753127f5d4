// The run viewer's and the Studio's shell: the login form until a credential is kept, then the runs
// list (/runs), one run (/runs/{run_id}), the workflows (/studio), one workflow's editor
// (/studio/{workflow_id}, /studio/new) or the approvals inbox (/studio/approvals; a workflow id is
// never "approvals"). Links change the address with the History API, no reload.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { clearCredential, loadCredential, setUnauthorizedHandler, type Credential } from './api';
import { Login } from './login';
import { navigate } from './nav';
import { RunList } from './run-list';
import { RunPage } from './run-page';
import { ApprovalsInbox } from './studio/approvals';
import { StudioEditor } from './studio/editor';
import { StudioList } from './studio/list';
import './style.css';

type Route = { page: 'list' } | { page: 'run'; runId: string } | { page: 'studio' } | { page: 'workflow'; workflowId: string } | { page: 'approvals' };

const APPROVALS_PATH = '/studio/approvals';

function currentRoute(): Route {
  const studio = /^\/studio(?:\/([^/]+))?\/?$/.exec(location.pathname);
  if (studio?.[1] === 'approvals') return { page: 'approvals' };
  if (studio) return studio[1] ? { page: 'workflow', workflowId: decodeURIComponent(studio[1]) } : { page: 'studio' };
  const m = /^\/runs\/([^/]+)\/?$/.exec(location.pathname);
  return m?.[1] ? { page: 'run', runId: decodeURIComponent(m[1]) } : { page: 'list' };
}

function App() {
  const [credential, setCredential] = useState<Credential | null>(loadCredential());
  const [route, setRoute] = useState(currentRoute());
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const onPop = () => setRoute(currentRoute());
    addEventListener('popstate', onPop);
    setUnauthorizedHandler(() => {
      clearCredential();
      setNotice('The server refused the saved credential (expired or revoked). Sign in again.');
      setCredential(null);
    });
    return () => removeEventListener('popstate', onPop);
  }, []);

  const signOut = () => {
    clearCredential();
    setNotice(null);
    setCredential(null);
  };

  return (
    <div class="shell">
      <header class="topbar">
        <a
          class="brand"
          href="/runs"
          onClick={(e) => {
            e.preventDefault();
            navigate('/runs');
          }}
        >
          Atelier <span>{route.page === 'studio' || route.page === 'workflow' || route.page === 'approvals' ? 'studio' : 'runs'}</span>
        </a>
        <nav class="sections" aria-label="Sections">
          {(
            [
              ['/runs', 'Runs'],
              ['/studio', 'Studio'],
              [APPROVALS_PATH, 'Approvals'],
            ] as const
          ).map(([path, label]) => (
            <a
              key={path}
              href={path}
              aria-current={location.pathname === path ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                navigate(path);
              }}
            >
              {label}
            </a>
          ))}
        </nav>
        {credential && (
          <div class="who">
            <span data-testid="signed-in-as">{credential.kind === 'session' ? (credential.email ?? 'console session') : 'API key'}</span>
            <button type="button" class="link" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main>
        {!credential ? (
          <Login
            notice={notice}
            onSignedIn={(c) => {
              setNotice(null);
              setCredential(c);
            }}
          />
        ) : route.page === 'run' ? (
          <RunPage key={route.runId} runId={route.runId} />
        ) : route.page === 'studio' ? (
          <StudioList />
        ) : route.page === 'approvals' ? (
          <ApprovalsInbox />
        ) : route.page === 'workflow' ? (
          <StudioEditor key={route.workflowId} workflowId={route.workflowId} />
        ) : (
          <RunList />
        )}
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
