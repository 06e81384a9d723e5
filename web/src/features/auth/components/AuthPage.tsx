import { useSearchParams } from 'react-router';
import { AuthForm } from './AuthForm';
import { AuthShell } from '../../../app/layout/AuthShell';

/** /auth: sign in or create an account. `?mode=register` opens it in create-account mode. */
export function AuthPage() {
  const [params] = useSearchParams();
  const initialMode = params.get('mode') === 'register' ? 'register' : 'signIn';

  return (
    <AuthShell>
      {/* the key remounts the form when the link switches mode while the page is open */}
      <AuthForm key={initialMode} initialMode={initialMode} />
    </AuthShell>
  );
}
