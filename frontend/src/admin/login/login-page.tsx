/**
 * /admin/login, the separate sign-in page, and the in-panel sign-in card shown at /admin when signed out.
 * `?next=/admin/...` (set when a session ended mid-use) is where a successful sign-in returns to.
 */
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { useAdminSession } from '../session/use-admin-session.ts';
import { LoginForm } from './login-form.tsx';

/** Only a path inside the panel: a link cannot send a freshly signed-in admin elsewhere. */
export function safeReturnPath(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin';
}

export function LoginCard({ presentation }: { presentation: 'panel' | 'page' }) {
  const t = useMessages(commonMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  return (
    <main className="admin-login" id="main">
      <div className="admin-login-card">
        <div className="admin-login-head">
          <h1>{t.login.title}</h1>
          <LanguageSwitch />
        </div>
        <p className="admin-muted">{params.get('expired') ? t.login.sessionEnded : t.login.subtitle}</p>
        <LoginForm presentation={presentation} onSignedIn={() => navigate(presentation === 'page' ? next : `${window.location.pathname}${window.location.search}`, { replace: true })} />
      </div>
    </main>
  );
}

export function LoginPage() {
  const session = useAdminSession();
  const [params] = useSearchParams();
  // Already signed in: straight on.
  if (session.data) return <Navigate to={safeReturnPath(params.get('next'))} replace />;
  return <LoginCard presentation="page" />;
}
