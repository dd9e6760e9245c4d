import { Heart } from 'lucide-react';
import { cn } from '../../lib/cn.js';

type HeartButtonProps = {
  title: string;
  pressed: boolean;
  onToggle: () => void;
  disabled?: boolean;
};

/** The favourite heart over the photo: a pressed toggle named 'Favorite'. */
export function HeartButton({ title, pressed, onToggle, disabled = false }: HeartButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label="Favorite"
      title={pressed ? `Remove ${title} from favorites` : `Save ${title} to favorites`}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className="absolute top-1 right-1 z-10 inline-flex size-11 items-center justify-center rounded-full disabled:opacity-60"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm">
        <Heart
          aria-hidden="true"
          className={cn('size-5', pressed ? 'fill-accent-500 text-accent-600' : 'text-ink-700')}
        />
      </span>
    </button>
  );
}
