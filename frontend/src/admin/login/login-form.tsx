/**
 * The sign-in form of both spec presentations (admin-side §2, §5, §8): the button stays disabled while a
 * field is empty or the request runs. In the panel (`presentation="panel"`) a failure is a toast
 * ('Invalid Login' with the server's message or 'Username or password is incorrect'; 'Login Error' /
 * 'Unable to connect to server. Please try again.' without an answer); on the separate page it is a
 * message under the form (the server's, or 'Geçersiz kullanıcı adı veya şifre').
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../components/toast.tsx';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { isNetworkFailure, useSignIn } from '../session/use-admin-session.ts';

export function LoginForm({ presentation, onSignedIn }: { presentation: 'panel' | 'page'; onSignedIn(): void }) {
  const t = useMessages(commonMessages);
  const toast = useToast();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    signIn.mutate(
      { username, password },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const serverMessage = error instanceof ApiError ? error.detail : '';
          if (presentation === 'page') {
            setMessage(isNetworkFailure(error) ? t.login.networkMessage : serverMessage || t.login.pageInvalid);
          } else if (isNetworkFailure(error)) {
            toast({ title: t.login.networkTitle, description: t.login.networkMessage, variant: 'error' });
          } else {
            toast({ title: t.login.invalidTitle, description: serverMessage || t.login.invalidFallback, variant: 'error' });
          }
        },
      },
    );
  };

  return (
    <form className="admin-form admin-login-form" onSubmit={submit} noValidate>
      <label className="admin-field">
        <span>{t.login.username}</span>
        <input name="username" autoComplete="username" value={username} onChange={(event) => setUsername(event.target.value)} required autoFocus />
      </label>
      <label className="admin-field">
        <span>{t.login.password}</span>
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
      </label>
      {message ? (
        <p className="admin-field-error" role="alert" data-testid="login-error">
          {message}
        </p>
      ) : null}
      <button type="submit" className="admin-button admin-button-primary admin-button-block" disabled={!username || !password || signIn.isPending}>
        {signIn.isPending ? t.login.submitting : t.login.submit}
      </button>
    </form>
  );
}
