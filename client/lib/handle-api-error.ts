import { TIMINGS } from '../../common/limits.js';
import { toast } from '../components/ui/toast.js';
import { errorMessage, isUnauthorizedError } from './api-client.js';

export const LOGIN_REDIRECT_PATH = '/api/login';

/**
 * PRODUCT §8: the session is gone. Says so, then sends the browser to the login route after 0.5 s.
 */
export function redirectToLogin(): void {
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  window.setTimeout(() => {
    window.location.href = LOGIN_REDIRECT_PATH;
  }, TIMINGS.authFailureRedirectMs);
}

export type ErrorToast = {
  title: string;
  /** Shown when the error carries no message, or always when `useServerMessage` is false. */
  description?: string;
  /** Defaults to true: the server's message (PRODUCT §8) becomes the description. */
  useServerMessage?: boolean;
};

/**
 * For a mutation's onError: the unauthorized rule first, otherwise one destructive toast.
 * There is deliberately no global interceptor (docs/STYLE.md, Errors); each caller names its toast.
 */
export function handleApiError(error: unknown, fallback: ErrorToast): void {
  if (isUnauthorizedError(error)) {
    redirectToLogin();
    return;
  }
  const serverMessage = fallback.useServerMessage === false ? '' : errorMessage(error);
  toast({
    title: fallback.title,
    description: serverMessage || fallback.description,
    variant: 'destructive',
  });
}
