import { useState } from 'react';
import { ChevronDown, Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { HELP_CENTER_FAQ, searchFaq } from '../faq.js';

/** The help center's questions by category, with a search that opens every answer it finds. */
export function FaqSearch() {
  const [query, setQuery] = useState('');
  const results = searchFaq(HELP_CENTER_FAQ, query);
  return (
    <>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search help articles"
          placeholder="Search questions, e.g. premium, report, password"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-10"
        />
      </div>
      {results.length === 0 ? (
        <div
          role="status"
          className="grid justify-items-center gap-3 rounded-card bg-white p-8 text-center shadow-soft"
        >
          <p className="text-lg font-extrabold text-ink-900">No results found</p>
          <p className="text-ink-600">Try other words, or send us your question below.</p>
          <Button variant="outline" onClick={() => setQuery('')}>
            <X aria-hidden="true" />
            Clear search
          </Button>
        </div>
      ) : (
        results.map((category) => (
          <section key={category.name} aria-label={category.name} className="grid gap-2">
            <h3 className="text-lg font-extrabold text-primary-800">{category.name}</h3>
            {category.entries.map((entry) => (
              <details
                key={entry.question}
                open={query.trim() !== ''}
                className="group rounded-card border border-ink-200 bg-white shadow-soft"
              >
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 p-4 font-bold text-ink-900">
                  {entry.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="px-4 pb-4 text-ink-700">{entry.answer}</p>
              </details>
            ))}
          </section>
        ))
      )}
    </>
  );
}
