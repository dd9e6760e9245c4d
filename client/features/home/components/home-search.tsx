import type { FormEvent } from 'react';
import { Search } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';

/**
 * Home's search box: what was typed goes to Browse. The words are read from the form when it is
 * sent, not kept as the box changes: a parent may type on the page the server rendered, before
 * the app has taken it over, and press Search (held, then pressed again: common/early-taps.ts).
 */
export function HomeSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  return (
    // With no script at all, the browser sends the form to Browse itself.
    <form role="search" action={paths.browse} onSubmit={submit} className="flex gap-2">
      <label htmlFor="home-search" className="sr-only">
        Search items
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <Input
          id="home-search"
          name="search"
          type="search"
          enterKeyHint="search"
          placeholder="Search books, toys, clothes or brands"
          className="pl-10"
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
