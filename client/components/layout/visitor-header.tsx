import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.js';
import { Button } from '../ui/button.js';
import { Logo } from './logo.js';

export function HeaderShell({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">{children}</div>
    </header>
  );
}

export function HomeLink() {
  return (
    <Link to={paths.home} className="-ml-1 flex min-h-11 shrink-0 items-center rounded-control px-1">
      <Logo />
    </Link>
  );
}

/** PRODUCT §2, signed out: the logo and Sign In. */
export function VisitorHeader() {
  return (
    <HeaderShell>
      <HomeLink />
      <div className="ml-auto">
        <Button asChild>
          <Link to={paths.auth}>Sign In</Link>
        </Button>
      </div>
    </HeaderShell>
  );
}
