import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { useFavorite } from '../api/favorites.js';

/**
 * PRODUCT §2 item detail: Save / Saved, the page's favourite toggle. The words change with the
 * state, so it is a plain button rather than a pressed toggle (which would say both).
 */
export function SaveButton({ itemId, className }: { itemId: number; className?: string }) {
  const favorite = useFavorite(itemId);
  return (
    <Button
      variant="outline"
      disabled={!favorite.isReady}
      onClick={favorite.toggle}
      className={cn(favorite.isFavorited && 'border-accent-300 bg-accent-50 text-accent-700', className)}
    >
      <Heart aria-hidden="true" className={cn(favorite.isFavorited && 'fill-accent-500 text-accent-600')} />
      {favorite.isFavorited ? 'Saved' : 'Save'}
    </Button>
  );
}
