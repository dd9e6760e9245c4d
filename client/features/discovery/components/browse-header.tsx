/** Browse's title and what it lists. */
export function BrowseHeader() {
  return (
    <header>
      <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Browse Items</h1>
      <p className="mt-1 text-ink-600">
        Books, toys and clothes that families nearby are giving away, swapping or selling.
      </p>
    </header>
  );
}
