import { Suspense, lazy, useState, type ComponentType, type JSX } from 'react';
import { Skeleton } from '../components/ui/skeleton.js';

/** What the page area shows while a screen's code arrives: the header and footer stay. */
export function PageSkeleton() {
  return (
    <div role="status" className="mx-auto w-full max-w-6xl px-4 py-8">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-4 h-5 w-full max-w-xl" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

/**
 * A screen in its own chunk, fetched the first time it renders, with the page skeleton
 * meanwhile. `load` is the `import()` of the route file and `name` its exported component:
 * `const BrowsePage = lazyPage(() => import('../routes/browse.js'), 'BrowsePage');`.
 * A chunk that fails to load throws into the route error boundary. `BrowsePage.preload()`
 * fetches it earlier (client/app/router.tsx, preloadSignedInScreen).
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Module[Name] extends ComponentType<infer _Props> ? Name : never,
) {
  type Props = Module[Name] extends ComponentType<infer P> ? P : never;
  /** The screen once its chunk is here: rendered directly, it never suspends. */
  let loaded: ComponentType<Props> | undefined;
  const loadScreen = async () => {
    loaded = (await load())[name] as ComponentType<Props>;
    return loaded;
  };
  const Page = lazy(async () => ({ default: await loadScreen() }));
  function LazyPage(props: Props & JSX.IntrinsicAttributes) {
    // Chosen once per mount, so the screen is never swapped for itself (which would remount it).
    // Code already here renders at once: a page the server rendered is then taken over in one
    // pass (client/main.tsx), instead of the screen's part waiting for another.
    const [Screen] = useState(() => loaded ?? Page);
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${String(name)})`;
  /**
   * Starts fetching the screen's code before it renders (the same import() it awaits then);
   * settles when it has arrived. A failure is left for the render, which shows the route
   * error boundary.
   */
  LazyPage.preload = (): Promise<void> =>
    loadScreen().then(
      () => undefined,
      () => undefined,
    );
  return LazyPage;
}
