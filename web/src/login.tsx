// Sign in once: the console owner's email and password (a one-hour session token), or an API key
// pasted here. Either is checked against the API before it is kept.
import { useState } from 'preact/hooks';
import { ApiFailure, checkCredential, loginWithPassword, saveCredential, type Credential } from './api';

export function Login(props: { notice: string | null; onSignedIn: (c: Credential) => void }) {
  const [mode, setMode] = useState<'session' | 'api_key'>('session');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const credential: Credential =
        mode === 'session' ? await loginWithPassword(email.trim(), password) : { kind: 'api_key', token: key.trim() };
      await checkCredential(credential);
      saveCredential(credential, remember);
      props.onSignedIn(credential);
    } catch (err) {
      setError(err instanceof ApiFailure || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card login">
      <h1>Sign in to follow runs</h1>
      {props.notice && <p class="notice">{props.notice}</p>}
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'session'} class={mode === 'session' ? 'tab active' : 'tab'} onClick={() => setMode('session')}>
          Console login
        </button>
        <button type="button" role="tab" aria-selected={mode === 'api_key'} class={mode === 'api_key' ? 'tab active' : 'tab'} onClick={() => setMode('api_key')}>
          API key
        </button>
      </div>
      <form onSubmit={(e) => void submit(e)}>
        {mode === 'session' ? (
          <>
            <label>
              Email
              <input name="email" type="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
            </label>
            <label>
              Password
              <input name="password" type="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
            </label>
          </>
        ) : (
          <label>
            API key
            <input name="api_key" type="password" autocomplete="off" spellcheck={false} placeholder="sk_live_…" required value={key} onInput={(e) => setKey(e.currentTarget.value)} />
          </label>
        )}
        <label class="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} /> Remember on this device
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p class="hint">The credential is kept in this browser's storage and sent only in the Authorization header.</p>
    </section>
  );
}
