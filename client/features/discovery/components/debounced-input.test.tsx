import { renderToString } from 'react-dom/server';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { DebouncedInput } from './debounced-input.js';

/** Browse's box as a page rendered on the server shows it, re-rendered once it is hydrated. */
function SearchBox({ onCommit }: { onCommit: (words: string) => void }) {
  const hydrated = useHydrated();
  return (
    <form data-hydrated={hydrated}>
      <DebouncedInput aria-label="Search items" value="" onCommit={onCommit} delay={10} />
    </form>
  );
}

describe('DebouncedInput on a page rendered on the server', () => {
  it('keeps and commits the words typed before the app took the page over', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchBox onCommit={() => {}} />);
    document.body.append(container);
    const box = container.querySelector('input');
    if (!box) throw new Error('no search box rendered');
    box.value = 'rocking horse';

    const commits: string[] = [];
    render(<SearchBox onCommit={(words) => commits.push(words)} />, { container, hydrate: true });
    await waitFor(() => expect(commits).toEqual(['rocking horse']));
    expect(box.value).toBe('rocking horse');
  });
});
