import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';

/** Home's search box: what was typed goes to Browse. */
export function HomeSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const [search, setSearch] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(search.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
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
          type="search"
          enterKeyHint="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search books, toys, clothes or brands"
          className="pl-10"
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
