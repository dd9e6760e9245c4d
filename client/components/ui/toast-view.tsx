import { useSyncExternalStore } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cva } from 'class-variance-authority';
import { dismissToast, getSnapshot, subscribe } from './toast.js';

const toastVariants = cva(
  'pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-lg data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-toast-out',
  {
    variants: {
      variant: {
        default: 'border-ink-200 bg-white text-ink-900',
        destructive: 'border-danger-200 bg-danger-50 text-danger-900',
        success: 'border-free-200 bg-free-50 text-free-900',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const icons = { default: Info, destructive: CircleAlert, success: CircleCheck } as const;

const TOAST_DURATION_MS = 5000;

/** The current toast on screen; toast.tsx's Toaster loads this with the first toast. */
export default function ToastView() {
  const entry = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const variant = entry?.variant ?? 'default';
  const Icon = icons[variant];
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={TOAST_DURATION_MS}>
      {entry ? (
        <ToastPrimitive.Root
          key={entry.id}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={toastVariants({ variant })}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
        >
          <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-bold">{entry.title}</ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-control opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed inset-x-0 bottom-0 z-[100] m-0 flex list-none flex-col gap-2 p-4 outline-none sm:right-0 sm:left-auto sm:w-96" />
    </ToastPrimitive.Provider>
  );
}
