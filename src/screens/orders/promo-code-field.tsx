import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppliedOffer } from '#contract/offers';
import { Button, FieldNotes, PlusIcon, TagIcon, cardClass, cx, describedBy, inputClass } from '../../ui';
import { promoProblemWords, type PromoProblem, type PromoWordsFormat } from './promo-words';

export interface PromoCodeFieldProps {
  /** The code on the order (null: none). */
  code: string | null;
  /** The offer the quote applied with it; absent while that quote is asked. */
  offer?: AppliedOffer | null;
  /** A quote with the code is being asked. */
  applying?: boolean;
  /** Why the last code was refused (it is off the order again). */
  problem?: PromoProblem | null;
  onApply?: (code: string) => void;
  onRemove?: () => void;
  /** To "Offers for you". */
  onSeeOffers?: () => void;
  /** The field shows at first (stories), as after "Add a promo code". */
  defaultOpen?: boolean;
  money: (amount: number, className?: string) => ReactNode;
  format: PromoWordsFormat;
}

/** The code as the provider matches it: no spaces around, upper case. */
const normal = (text: string) => text.trim().toUpperCase();

function SeeOffers({ onSeeOffers }: Pick<PromoCodeFieldProps, 'onSeeOffers'>) {
  return onSeeOffers ? (
    <Button variant="ghost" size="sm" onClick={onSeeOffers}>
      <Trans>See offers</Trans>
    </Button>
  ) : null;
}

/** The code the order has, what it takes off, and a way to take it off. */
function Applied({
  offer,
  onRemove,
  money,
  removeRef,
}: {
  offer: AppliedOffer;
  onRemove?: () => void;
  money: PromoCodeFieldProps['money'];
  removeRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useLingui();
  const code = offer.code;
  const discount = money(offer.discount);
  return (
    <div className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 text-success">
        <TagIcon size={22} />
      </span>
      <p role="status" className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold break-words">{t`${code} applied`}</span>
        <span className="sr-only">: </span>
        <span className="text-sm break-words text-muted">{offer.title}</span>
        <span className="sr-only">, </span>
        <span className="text-sm font-medium text-success">
          <Trans>−{discount} off your order</Trans>
        </span>
      </p>
      <Button ref={removeRef} variant="secondary" size="sm" onClick={onRemove} aria-label={t`Remove promo code ${code}`}>
        <Trans>Remove</Trans>
      </Button>
    </div>
  );
}

/** The field and Apply, with the reason a code was refused under them (announced as it comes). */
function CodeForm({
  inputRef,
  draft,
  onDraft,
  applying,
  error,
  onSubmit,
  onSeeOffers,
}: {
  inputRef: Ref<HTMLInputElement>;
  draft: string;
  onDraft: (text: string) => void;
  applying: boolean;
  error: string | null;
  onSubmit: (e: FormEvent) => void;
  onSeeOffers?: () => void;
}) {
  const id = useId();
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          <Trans>Promo code</Trans>
        </label>
        <SeeOffers onSeeOffers={onSeeOffers} />
      </div>
      <div className="flex items-start gap-2">
        <input
          ref={inputRef}
          id={id}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          readOnly={applying}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, null, error)}
          className={cx(inputClass, 'min-w-0 flex-1 uppercase', error ? 'border-danger' : 'border-border')}
        />
        <Button type="submit" loading={applying}>
          <Trans>Apply</Trans>
        </Button>
      </div>
      <FieldNotes id={id} error={error} alert />
    </form>
  );
}

/**
 * Checkout's promo code (issue 50): "Add a promo code" opens a field with Apply; while the quote with
 * it is asked, Applying; then the code, the offer's title and what it takes off, with Remove; or, refused,
 * the plain reason under the field (the code is off the order again). "See offers" leads to the offers.
 */
export function PromoCodeField({
  code,
  offer,
  applying = false,
  problem = null,
  onApply,
  onRemove,
  onSeeOffers,
  defaultOpen = false,
  money,
  format,
}: PromoCodeFieldProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(defaultOpen);
  const [draft, setDraft] = useState(code ?? problem?.code ?? '');
  const [empty, setEmpty] = useState(false);
  // the control the customer used goes away (Add, Apply, Remove): focus goes to what takes its place, once it shows
  const removeButton = useRef<HTMLButtonElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'field' | 'applied' | 'closed' | null>(null);
  const applied = code !== null && !!offer && !applying;
  const open = !applied && (opened || applying || code !== null || problem !== null);
  const view = applied ? 'applied' : open ? 'field' : 'closed';
  // a code refused after it was on the order (the cart changed, it ran out): the field shows it with the reason
  useEffect(() => {
    if (!problem) return;
    setDraft((d) => (d.trim() === '' ? problem.code : d));
    // refused where it was applied: Apply keeps the focus, the reason is announced
    if (focusNext.current === 'applied') focusNext.current = null;
  }, [problem]);
  useEffect(() => {
    if (focusNext.current !== view) return;
    focusNext.current = null;
    (view === 'applied' ? removeButton : view === 'closed' ? addButton : input).current?.focus();
  }, [view]);

  if (applied) {
    return (
      <div className={cardClass()}>
        <Applied
          offer={offer}
          money={money}
          removeRef={removeButton}
          onRemove={() => {
            setDraft('');
            setOpened(false);
            focusNext.current = 'closed';
            onRemove?.();
          }}
        />
      </div>
    );
  }

  // the refusal is about the code it names: typing another hides it until that one is tried
  const shown = problem && normal(draft) === normal(problem.code) ? promoProblemWords(problem, format) : null;
  const error = empty ? t`Enter a code first.` : shown;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (applying) return;
    const typed = normal(draft);
    setEmpty(typed === '');
    if (typed === '') return;
    focusNext.current = 'applied';
    onApply?.(typed);
  };

  return (
    <div className={cardClass()}>
      {open ? (
        <CodeForm
          inputRef={input}
          draft={draft}
          onDraft={(text) => {
            setDraft(text);
            setEmpty(false);
          }}
          applying={applying}
          error={error}
          onSubmit={submit}
          onSeeOffers={onSeeOffers}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            ref={addButton}
            variant="ghost"
            icon={<PlusIcon size={18} />}
            onClick={() => {
              focusNext.current = 'field';
              setOpened(true);
            }}
          >
            <Trans>Add a promo code</Trans>
          </Button>
          <SeeOffers onSeeOffers={onSeeOffers} />
        </div>
      )}
    </div>
  );
}
