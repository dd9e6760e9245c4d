import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { initials } from '../../../common/format.js';
import { cn } from '../../lib/cn.js';

const avatarVariants = cva('relative inline-flex shrink-0 overflow-hidden rounded-full bg-primary-100', {
  variants: {
    size: {
      sm: 'size-8 text-xs',
      md: 'size-10 text-sm',
      lg: 'size-16 text-xl',
      xl: 'size-24 text-3xl',
    },
  },
  defaultVariants: { size: 'md' },
});

const pixelSizes = { sm: 32, md: 40, lg: 64, xl: 96 } as const;

type AvatarProps = VariantProps<typeof avatarVariants> & {
  person: { firstName: string; lastName: string; profileImageUrl?: string | null };
  className?: string;
};

/** A person's photo, falling back to their initials. The name is said by the surrounding text. */
export function Avatar({ person, size, className }: AvatarProps) {
  const pixels = pixelSizes[size ?? 'md'];
  return (
    <AvatarPrimitive.Root className={cn(avatarVariants({ size }), className)}>
      {person.profileImageUrl ? (
        <AvatarPrimitive.Image
          src={person.profileImageUrl}
          alt=""
          width={pixels}
          height={pixels}
          className="size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        // Without a photo the initials show at once, in HTML rendered on the server too (a delay,
        // even 0, waits for the script).
        delayMs={person.profileImageUrl ? 400 : undefined}
        // The initials are drawn by CSS, not written as text: inside a button named "View
        // Ana R.'s profile" visible text "AR" would contradict its name (WCAG 2.5.3).
        data-initials={initials(person)}
        className="flex size-full items-center justify-center font-extrabold text-primary-800 before:content-[attr(data-initials)]"
        aria-hidden="true"
      />
    </AvatarPrimitive.Root>
  );
}
