import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MapLoadBoundary } from './map-load-boundary.js';

function FailedMapDownload(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('MapLoadBoundary', () => {
  it('shows the map as it loads', () => {
    render(
      <MapLoadBoundary hint="The list shows the same items.">
        <p>the map</p>
      </MapLoadBoundary>,
    );
    expect(screen.getByText('the map')).toBeTruthy();
  });

  it('keeps a failed map download inside its box, with what still works', () => {
    // React reports the caught error on the console; here it is the point of the test.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>the list</p>
        <MapLoadBoundary hint="The list shows the same items.">
          <FailedMapDownload />
        </MapLoadBoundary>
      </div>,
    );
    expect(screen.getByText('The map could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The list shows the same items.')).toBeTruthy();
    expect(screen.getByText('the list')).toBeTruthy();
    expect(reported).toHaveBeenCalled();
  });
});
