import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer.js';
import { VisitorHeader } from '../components/layout/visitor-header.js';

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-control bg-primary-700 px-4 py-3 font-bold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

/** Header, page and footer for visitors. */
export function VisitorLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <VisitorHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
