import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { Logo } from '../layout/logo.js';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown while the current user is being resolved (PRODUCT §2). */
export function LoadingScreen({ label = 'Loading LittleLoop…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-4">
      <Logo />
      <div role="status" className="flex items-center gap-3 text-ink-700">
        <LoaderCircle className="size-6 animate-spin text-primary-600" aria-hidden="true" />
        <span className="font-semibold">{label}</span>
      </div>
    </div>
  );
}

/** A spinner for inside a busy button; the button's own name stays the same. */
export function ButtonSpinner() {
  return <LoaderCircle className="animate-spin" aria-hidden="true" />;
}
