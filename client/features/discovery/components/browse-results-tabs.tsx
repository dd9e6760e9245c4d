import type { ReactNode } from 'react';
import { LayoutGrid, Map as MapIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { browseViews, type BrowseView } from '../browse-state.js';

/** Browse's results: how many were found, and the grid or the map the caller draws, as tabs. */
export function BrowseResultsTabs({
  view,
  onViewChange,
  count,
  grid,
  map,
}: {
  view: BrowseView;
  onViewChange: (view: BrowseView) => void;
  count: string;
  grid: ReactNode;
  map: ReactNode;
}) {
  return (
    <Tabs
      value={view}
      onValueChange={(value) => {
        const next = browseViews.find((known) => known === value);
        if (next) onViewChange(next);
      }}
      activationMode="manual"
      className="grid gap-4"
    >
      {/* The cards' titles are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Search results</h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-lg font-extrabold text-ink-900">
          {count}
        </p>
        <TabsList aria-label="View">
          <TabsTrigger value="grid">
            <LayoutGrid aria-hidden="true" />
            Grid
          </TabsTrigger>
          <TabsTrigger value="map">
            <MapIcon aria-hidden="true" />
            Map
          </TabsTrigger>
        </TabsList>
      </div>

      <TabsContent value="grid" className="mt-0 grid gap-2">
        {grid}
      </TabsContent>
      <TabsContent value="map" className="mt-0">
        {map}
      </TabsContent>
    </Tabs>
  );
}
