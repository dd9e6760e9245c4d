import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TIMINGS } from '../../common/limits.js';
import { LoadingScreen } from '../components/ui/spinner.js';
import { toast } from '../components/ui/toast.js';
import { isSigningOut } from '../features/auth/api/logout.js';
import { paths } from './paths.js';
import { authPathReturningTo, RETURN_PARAM, safeReturnPath } from './return-path.js';

// PRODUCT §2 bulk listing: 'Please log in', leading to the login route; every screen says the same.
export const SIGN_IN_TOAST = {
  title: 'Please log in',
  description: 'Sign in or create a free account, and we bring you right back here.',
} as const;

/**
 * A visitor on a signed-in-only path (PRODUCT §4): a toast, then sign-in after 0.5 s, which
 * returns them to this page afterwards (a shared item link, say).
 */
export function SignInRequired() {
  const location = useLocation();
  const navigate = useNavigate();
  // Right after signing out the router sees a visitor for ~100 ms before going to /: wait it out.
  const signingOut = isSigningOut();
  const target = authPathReturningTo(`${location.pathname}${location.search}${location.hash}`);

  useEffect(() => {
    if (signingOut) return;
    toast({ ...SIGN_IN_TOAST, variant: 'destructive' });
    const timer = window.setTimeout(
      () => void navigate(target, { replace: true }),
      TIMINGS.authFailureRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [signingOut, navigate, target]);

  if (signingOut) return <LoadingScreen />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-2xl font-black text-ink-900">{SIGN_IN_TOAST.title}</h1>
      <p className="mt-3 text-ink-600">Taking you to sign in…</p>
      <Link
        to={target}
        replace
        className="mt-6 font-bold text-primary-700 underline-offset-4 hover:underline"
      >
        Sign in now
      </Link>
    </section>
  );
}

/** Signed in on /auth: on to the page the visitor asked for, when it is one of ours, else home. */
export function SignedInFromAuth() {
  const [search] = useSearchParams();
  return <Navigate to={safeReturnPath(search.get(RETURN_PARAM)) ?? paths.home} replace />;
}
