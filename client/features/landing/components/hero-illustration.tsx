import { BookOpen, MapPin, Shirt, ToyBrick } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.js';
import { cn } from '../../../lib/cn.js';

/** A few sample listings drawn with shapes: shows the idea without photos. */
export function HeroIllustration() {
  const samples = [
    {
      title: 'Picture books bundle',
      badge: 'FREE',
      variant: 'free' as const,
      icon: BookOpen,
      shape: 'bg-free-100',
    },
    {
      title: 'Wooden train set',
      badge: 'SWAP',
      variant: 'swap' as const,
      icon: ToyBrick,
      shape: 'bg-swap-100',
    },
    {
      title: 'Winter jacket, 4-6y',
      badge: '$12',
      variant: 'sell' as const,
      icon: Shirt,
      shape: 'bg-sell-100',
    },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <span className="absolute -top-6 -left-6 size-32 rounded-full bg-accent-200/60 blur-2xl" />
      <span className="absolute -right-4 -bottom-8 size-40 rounded-full bg-primary-200/70 blur-2xl" />
      <div className="relative grid gap-3">
        {samples.map((sample, index) => (
          <div
            key={sample.title}
            className={cn(
              'flex items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-soft',
              index === 1 && 'ml-6 sm:ml-10',
            )}
          >
            <span
              className={cn(
                'flex size-16 shrink-0 items-center justify-center rounded-control',
                sample.shape,
              )}
            >
              <sample.icon className="size-8 text-ink-700" />
            </span>
            <span className="grid min-w-0 flex-1 gap-1">
              <span className="truncate font-extrabold">{sample.title}</span>
              <span className="flex items-center gap-2 text-sm text-ink-600">
                <MapPin className="size-4" /> 1.5 km away
              </span>
            </span>
            <Badge variant={sample.variant}>{sample.badge}</Badge>
          </div>
        ))}
      </div>
    </div>
  );
}
