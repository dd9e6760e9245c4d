import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.js';

/** How long typing rests before the URL follows. */
export const TYPING_DEBOUNCE_MS = 400;

type DebouncedInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  /** The committed value (from the URL). */
  value: string;
  /** Called with the trimmed text once typing rests, or at once on Enter. */
  onCommit: (value: string) => void;
  delay?: number;
};

/**
 * A text box that commits what is typed after a pause, so the URL is not rewritten on every
 * key. When the committed value changes from outside (Back, Clear All) the box follows, unless
 * it already says the same thing (a trailing space being typed is kept).
 */
export function DebouncedInput({
  value,
  onCommit,
  delay = TYPING_DEBOUNCE_MS,
  onKeyDown,
  ...props
}: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (value !== draft.trim()) setDraft(value);
  }

  // Words typed into the page the server rendered, before the app took it over, are in the box
  // but not in the draft. Taken over as the box is hydrated, before any render can set the box
  // back to the draft (React's own replay of that change comes too late when one does).
  const box = useRef<HTMLInputElement>(null);
  const takeOverTyped = useEffectEvent(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== draft) setDraft(typed);
  });
  useLayoutEffect(() => takeOverTyped(), []);

  const pending = draft.trim() !== value;
  const commit = useEffectEvent((text: string) => onCommit(text));
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => commit(draft.trim()), delay);
    return () => window.clearTimeout(timer);
  }, [draft, pending, delay]);

  return (
    <Input
      {...props}
      ref={box}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          if (pending) onCommit(draft.trim());
        }
        onKeyDown?.(event);
      }}
    />
  );
}
