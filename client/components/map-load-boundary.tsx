import { Component, type ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import { cn } from '../lib/cn.js';

type MapLoadBoundaryProps = {
  children: ReactNode;
  /** What still works without the map, said under 'The map could not be loaded.' */
  hint: string;
  /** The box the message fills, shaped like the map it stands in for. */
  className?: string;
};

/**
 * Keeps a failed map download (offline, say) inside the map's own box, so the rest of the page
 * goes on working. Maps load their code lazily (docs/DESIGN.md), which is what can fail.
 */
export class MapLoadBoundary extends Component<MapLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div
          className={cn(
            'flex flex-col items-center justify-center gap-2 bg-ink-50 px-4 text-center text-ink-600',
            this.props.className,
          )}
        >
          <MapPin className="size-6" aria-hidden="true" />
          <p className="font-semibold">The map could not be loaded.</p>
          <p className="text-sm">{this.props.hint}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
