import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/toast.js';
import { paths } from '../../../app/paths.js';

type ShareableItem = { id: number; title: string };

/**
 * Sends a listing to a friend or a group chat: the phone's own share sheet where there is one
 * (Web Share API), otherwise the link is copied. The link opens the item for any signed-in
 * parent, and asks a visitor to sign in first and then brings them back to it.
 */
export function ShareItemButton({ item, className }: { item: ShareableItem; className?: string }) {
  const share = async () => {
    const url = new URL(paths.item(item.id), window.location.origin).toString();
    const data = { title: item.title, text: `${item.title} on LittleLoop`, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: 'Link copied',
        description: 'Paste it into a message to share this item.',
        variant: 'success',
      });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return (
    <Button variant="outline" className={className} onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
