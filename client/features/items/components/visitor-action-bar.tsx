import { useState, type ReactNode } from 'react';
import { HandHeart, MessageCircle, Send } from 'lucide-react';
import type { Item } from '../../../../common/schemas/items.js';
import { Button } from '../../../components/ui/button.js';
import { isOnMarket } from '../../../../common/items.js';
import { cn } from '../../../lib/cn.js';

/**
 * PRODUCT §2, someone else's item: Send Message, and Contact while a sell item is available (both
 * open the message dialog about this item). A free or swap item's primary action is Request
 * this instead. On phones the bar sticks to the bottom of the screen, where a thumb reaches it,
 * and Contact (the same as Send Message) stays out of it; Save sits beside the item's status.
 * The request dialog belongs to the giveaway, so the page hands it in.
 */
export function VisitorActionBar({
  item,
  canRequest,
  requestReady,
  onMessage,
  renderRequestDialog,
}: {
  item: Item;
  canRequest: boolean;
  requestReady: boolean;
  onMessage: () => void;
  renderRequestDialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
}) {
  const [requesting, setRequesting] = useState(false);
  const available = isOnMarket(item);
  const contact = available && item.exchangeType === 'sell';
  return (
    <>
      {available ? null : (
        <p className="rounded-card border border-ink-200 bg-ink-50 p-4 font-semibold text-ink-700">
          This item is no longer available.
        </p>
      )}
      <div
        className={cn(
          'sticky bottom-0 z-20 -mx-4 grid grid-cols-2 gap-3 border-t border-ink-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur sm:-mx-6 sm:px-6',
          'lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none',
        )}
      >
        {contact ? (
          <Button size="lg" className="hidden w-full lg:col-span-2 lg:flex" onClick={onMessage}>
            <MessageCircle aria-hidden="true" />
            Contact
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="lg"
          className={cn('w-full px-3', !canRequest && 'col-span-2')}
          onClick={onMessage}
        >
          <Send aria-hidden="true" />
          Send Message
        </Button>
        {canRequest ? (
          <Button
            size="lg"
            className="w-full px-3"
            disabled={!requestReady}
            onClick={() => setRequesting(true)}
          >
            <HandHeart aria-hidden="true" />
            Request this
          </Button>
        ) : null}
      </div>
      {canRequest ? renderRequestDialog(requesting, setRequesting) : null}
    </>
  );
}
