import { describe, expect, it, vi } from 'vitest';
import { render as renderWithoutQueries, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { DEFAULT_MAP_TILE_URL, OSM_ATTRIBUTION } from '../../../../common/map-tiles.js';
import { api } from '../../../lib/api-client.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { LocationCard } from './location-card.js';

/**
 * The card's map is a lazy chunk that asks for the map tiles through the query client, as in
 * the app; when the chunk arrives before the test ends it needs one, with the tiles known.
 */
function render(ui: ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['config'], { mapTileUrl: DEFAULT_MAP_TILE_URL, mapAttribution: OSM_ATTRIBUTION });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderWithoutQueries(ui, { wrapper });
}

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition'] | undefined) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: getCurrentPosition ? { getCurrentPosition } : undefined,
  });
}

describe('location card (PRODUCT §8 location texts)', () => {
  it('says when the browser has no geolocation', async () => {
    stubGeolocation(undefined);
    const user = userEvent.setup();
    render(<LocationCard value={null} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByText('Geolocation is not supported by this browser')).toBeTruthy();
  });

  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location information unavailable'],
    [3, 'Location request timed out'],
    [9, 'Failed to get location'],
  ])('turns error code %i into %s', async (code, message) => {
    stubGeolocation((_success, failure) => failure?.({ code } as GeolocationPositionError));
    const user = userEvent.setup();
    render(<LocationCard value={null} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('hands over the device position with PRODUCT §9 options, and reads coordinates back as text', async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({ coords: { latitude: 45.5152, longitude: -122.6784 } } as GeolocationPosition),
    );
    stubGeolocation(getCurrentPosition);
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<LocationCard value={null} onChange={onChange} />);
    expect(screen.getByText(/No location set yet/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear location' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(onChange).toHaveBeenCalledWith({ latitude: 45.5152, longitude: -122.6784 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });

    rerender(<LocationCard value={{ latitude: 45.5152, longitude: -122.6784 }} onChange={onChange} />);
    expect(screen.getByText('45.51520, -122.67840')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("names the pin's town rather than its coordinates once the town is known", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({
      place: { label: 'Portland, OR', latitude: 45.52, longitude: -122.68, city: 'Portland', zipCode: null },
    });
    render(<LocationCard value={{ latitude: 45.5152, longitude: -122.6784 }} onChange={() => {}} />);
    expect(await screen.findByText('Portland, OR')).toBeTruthy();
    expect(screen.getByText(/Pin placed near/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      '/api/places/nearest',
      expect.objectContaining({ query: { lat: 45.52, lng: -122.68 } }),
    );
  });
});
