import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import {
  Controller,
  type Control,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { Crown, Gift, Repeat, Tag, CircleAlert, type LucideIcon } from 'lucide-react';
import {
  ageRangeLabels,
  ageRanges,
  categories,
  categoryLabels,
  conditionLabels,
  conditions,
  type ExchangeType,
} from '../../../../common/enums.js';
import { priceSchema } from '../../../../common/schemas/items.js';
import { paths } from '../../../app/paths.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.js';
import { cn } from '../../../lib/cn.js';

export type Option = { value: string; label: string };

/** One titled card of a long form; the title is a real heading so the page can be skimmed. */
export function FormSection({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Something for the end of the title row, such as a count. */
  aside?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg leading-tight font-extrabold">
            {title}
          </h2>
          {aside}
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

export const categoryOptions: Option[] = categories.map((value) => ({ value, label: categoryLabels[value] }));
export const conditionOptions: Option[] = conditions.map((value) => ({
  value,
  label: conditionLabels[value],
}));

export const ageRangeOptions: Option[] = ageRanges.map((value) => ({ value, label: ageRangeLabels[value] }));

/**
 * A required select in a form whose values start empty: null or '' reach the shared enum,
 * which answers with PRODUCT §5's '… is required'.
 */
export const chosen = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(schema);

/**
 * PRODUCT §5 price: only for sell, optional there, numeric with two decimals when given.
 */
export function checkSalePrice(
  values: { exchangeType?: string | null; price?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (values.exchangeType !== 'sell') return;
  const raw = (values.price ?? '').trim();
  if (!raw) return;
  const parsed = priceSchema.safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: parsed.error.issues[0]?.message ?? 'Price must be a number like 12.50',
    });
  }
}

// Radix Select items cannot have an empty value, so an optional select clears through this one.
const NOT_SPECIFIED = '__not-specified__';

type SelectFieldProps = {
  label: ReactNode;
  value: string | null | undefined;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  options: Option[];
  placeholder: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Offers 'Not specified', which sets the value back to ''. */
  optional?: boolean;
  disabled?: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
};

/** A labelled Radix select for a react-hook-form Controller. */
export function SelectField({
  label,
  value,
  onValueChange,
  onBlur,
  options,
  placeholder,
  error,
  hint,
  optional = false,
  disabled,
  triggerRef,
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Select
          value={value ?? ''}
          onValueChange={(next) => onValueChange(next === NOT_SPECIFIED ? '' : next)}
          disabled={disabled}
        >
          <SelectTrigger {...control} ref={triggerRef} onBlur={onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {optional ? <SelectItem value={NOT_SPECIFIED}>Not specified</SelectItem> : null}
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/**
 * The Category and Condition selects, side by side, as the item and bulk listing forms show
 * them. Values is any form with `category` and `condition` fields (as strings, maybe empty).
 */
export function CategoryConditionFields<
  Values extends FieldValues,
  Context,
  Transformed extends FieldValues,
>({
  control,
  errors,
}: {
  control: Control<Values, Context, Transformed>;
  errors: { category?: FieldError | undefined; condition?: FieldError | undefined };
}) {
  const fields = [
    { name: 'category', label: 'Category', options: categoryOptions, placeholder: 'Choose a category' },
    { name: 'condition', label: 'Condition', options: conditionOptions, placeholder: 'Choose a condition' },
  ] as const;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((select) => (
        <Controller
          key={select.name}
          control={control}
          // Both forms have these fields; TypeScript cannot list a generic form's paths.
          name={select.name as Path<Values>}
          render={({ field }) => (
            <SelectField
              label={select.label}
              value={field.value as string}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              options={select.options}
              placeholder={select.placeholder}
              error={errors[select.name]?.message}
            />
          )}
        />
      ))}
    </div>
  );
}

type ExchangeChoice = { value: ExchangeType; label: string; text: string; icon: LucideIcon };

const exchangeChoices: ExchangeChoice[] = [
  { value: 'free', label: 'Free', text: 'Give it to a family who needs it.', icon: Gift },
  { value: 'swap', label: 'Swap', text: 'Trade it for something you need.', icon: Repeat },
  { value: 'sell', label: 'Sell', text: 'Set a price for it.', icon: Tag },
];

// PRODUCT exchange colours: Free green, Swap amber, Sell blue, the same as badges and markers.
const choiceTone: Record<ExchangeType, { card: string; icon: string }> = {
  free: {
    card: 'has-checked:border-free-600 has-checked:bg-free-50 has-checked:ring-free-600',
    icon: 'bg-free-100 text-free-800',
  },
  swap: {
    card: 'has-checked:border-swap-600 has-checked:bg-swap-50 has-checked:ring-swap-600',
    icon: 'bg-swap-100 text-swap-800',
  },
  sell: {
    card: 'has-checked:border-sell-600 has-checked:bg-sell-50 has-checked:ring-sell-600',
    icon: 'bg-sell-100 text-sell-800',
  },
};

type ExchangeTypeCardsProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Marks Sell as a Premium feature for members without it. */
  isPremium: boolean;
  legend?: string;
  /** When a heading above already says it, the legend is for screen readers only. */
  hideLegend?: boolean;
};

/** PRODUCT §2 sharing type: Free, Swap or Sell as large radio cards in their colours. */
export function ExchangeTypeCards({
  registration,
  error,
  isPremium,
  legend = 'Sharing type',
  hideLegend = false,
}: ExchangeTypeCardsProps) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-1.5 text-sm font-bold text-ink-800'}>{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {exchangeChoices.map(({ value, label, text, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex min-h-16 cursor-pointer items-center gap-3 rounded-card border-2 border-ink-200 bg-white p-3 transition-colors hover:border-ink-300 has-checked:ring-1 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 sm:flex-col sm:items-start sm:p-4',
              choiceTone[value].card,
              error && 'border-danger-600',
            )}
          >
            {/* Invisible but covering the card, so a tap anywhere lands on the radio itself. */}
            <input
              type="radio"
              value={value}
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-card opacity-0"
              aria-invalid={Boolean(error)}
              {...registration}
            />
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                choiceTone[value].icon,
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="grid gap-0.5">
              <span className="flex items-center gap-2 font-extrabold text-ink-900">
                {label}
                {value === 'sell' && !isPremium ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-premium-100 px-2 py-0.5 text-xs font-extrabold text-premium-800">
                    <Crown className="size-3.5" aria-hidden="true" />
                    Premium
                  </span>
                ) : null}
              </span>
              <span className="text-sm text-ink-600">{text}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-semibold text-danger-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

/** PRODUCT §5: selling needs Premium; told to free members as soon as they pick Sell. */
export function PremiumSellWarning() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-card border border-premium-300 bg-premium-50 p-4 text-premium-900"
    >
      <Crown className="mt-0.5 size-5 shrink-0 text-premium-600" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-extrabold">Selling requires Premium</p>
        <p className="text-sm">
          Free accounts can give items away or swap them. Upgrade to Premium to list items for sale.
        </p>
        <Link
          to={paths.subscribe}
          className="inline-flex min-h-11 items-center text-sm font-extrabold text-primary-800 underline underline-offset-4"
        >
          Upgrade to Premium
        </Link>
      </div>
    </div>
  );
}

/** PRODUCT §5 price: numeric in steps of 0.01; only rendered while Sell is chosen. */
export function PriceField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <FormField
      label="Price ($)"
      error={error}
      hint="Optional: without one, buyers ask you. Cards show it rounded to whole dollars."
    >
      {(control) => (
        <div className="relative max-w-48">
          <span
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-bold text-ink-600"
            aria-hidden="true"
          >
            $
          </span>
          <Input
            {...control}
            {...registration}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            placeholder="12.50"
            className="pl-7"
          />
        </div>
      )}
    </FormField>
  );
}
