import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { startingAt } from './browse-state.js';
import { useBrowseState } from './use-browse-state.js';

const HOME = { lat: 40.74, lng: -73.98, label: 'New York, NY 10010' };

function renderBrowseState(start = '/browse') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[start]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useBrowseState(), location: useLocation(), navigate: useNavigate() }), {
    wrapper,
  });
}

const addressOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useBrowseState', () => {
  it('keeps a change written just before, when the next comes before the page shows it', () => {
    const { result } = renderBrowseState();
    // The parent's place is applied, and a search typed, before the router renders again: both
    // are called on the same render's update.
    const { update } = result.current;
    act(() => {
      update((state) => startingAt(state, HOME), { replace: true });
      update((state) => ({ ...state, search: 'book' }), { replace: true });
    });
    expect(addressOf(result.current.location.search)).toMatchObject({
      search: 'book',
      lat: '40.74',
      lng: '-73.98',
      maxDistance: '30',
    });
    expect(result.current.state.search).toBe('book');
    expect(result.current.state.position).toMatchObject({ lat: 40.74, lng: -73.98 });
  });

  it('builds on the address Back went to, not on what was written before it', () => {
    const { result } = renderBrowseState('/browse?search=puzzle');
    act(() => result.current.update((state) => ({ ...state, category: 'toys' })));
    expect(addressOf(result.current.location.search)).toEqual({ search: 'puzzle', category: 'toys' });
    act(() => {
      void result.current.navigate(-1);
    });
    expect(addressOf(result.current.location.search)).toEqual({ search: 'puzzle' });
    act(() => result.current.update((state) => ({ ...state, condition: 'good' })));
    expect(addressOf(result.current.location.search)).toEqual({ search: 'puzzle', condition: 'good' });
  });
});
