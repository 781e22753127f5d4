// The run viewer's shell: the login form until a credential is kept, then the runs list (/runs)
// or one run (/runs/{run_id}). Links change the address with the History API, no reload.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { clearCredential, loadCredential, setUnauthorizedHandler, type Credential } from './api';
import { Login } from './login';
import { navigate } from './nav';
import { RunList } from './run-list';
import { RunPage } from './run-page';
import './style.css';

function currentRoute(): { page: 'list' } | { page: 'run'; runId: string } {
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
          Atelier <span>runs</span>
        </a>
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
        ) : (
          <RunList />
        )}
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
