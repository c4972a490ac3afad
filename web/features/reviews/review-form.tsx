import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  asDescribedAnswers,
  MAX_REVIEW_TEXT,
  type AsDescribed,
  type ReviewBody,
} from '#common/reviews';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioPill } from '../../components/ui/radio-pill';
import { cn } from '../../lib/utils';

/**
 * The questions of a review (issue 40): the stars, whether the place was as described, whether
 * anyone asked for money before the viewing, and words if the renter likes. Every answer but
 * the words is required; the server checks them again.
 */
export function ReviewForm({
  initial,
  busy,
  problem,
  submitLabel,
  onSubmit,
}: {
  initial?: ReviewBody;
  busy: boolean;
  problem: string | null;
  submitLabel: string;
  onSubmit: (review: ReviewBody) => void;
}) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [asDescribed, setAsDescribed] = useState<AsDescribed | null>(initial?.asDescribed ?? null);
  const [askedForMoney, setAskedForMoney] = useState<boolean | null>(
    initial?.askedForMoney ?? null,
  );
  const [text, setText] = useState(initial?.text ?? '');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0 || asDescribed === null || askedForMoney === null) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit({ rating, asDescribed, askedForMoney, ...(text.trim() ? { text: text.trim() } : {}) });
  };

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('reviewPage.rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer rounded p-1 has-[:focus-visible]:ring-2">
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="sr-only"
              />
              <span className="sr-only">{t('reviewPage.stars', { count: stars })}</span>
              <Star
                aria-hidden
                className={cn(
                  'size-9',
                  stars <= rating ? 'fill-amber-400 text-amber-500' : 'text-zinc-300',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('reviewPage.asDescribed')}</legend>
        <div className="flex flex-wrap gap-2">
          {asDescribedAnswers.map((answer) => (
            <RadioPill
              key={answer}
              name="asDescribed"
              value={answer}
              checked={asDescribed === answer}
              onChange={() => setAsDescribed(answer)}
            >
              {t(`reviewPage.asDescribedAnswer.${answer}`)}
            </RadioPill>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('reviewPage.askedForMoney')}</legend>
        <div className="flex flex-wrap gap-2">
          {[false, true].map((answer) => (
            <RadioPill
              key={String(answer)}
              name="askedForMoney"
              value={String(answer)}
              checked={askedForMoney === answer}
              onChange={() => setAskedForMoney(answer)}
            >
              {answer ? t('reviewPage.moneyYes') : t('reviewPage.moneyNo')}
            </RadioPill>
          ))}
        </div>
        {askedForMoney ? (
          <p className="text-sm text-muted-foreground">{t('reviewPage.moneyReport')}</p>
        ) : null}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="review-text">{t('reviewPage.text')}</Label>
        <Textarea
          id="review-text"
          value={text}
          maxLength={MAX_REVIEW_TEXT}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('reviewPage.textPlaceholder')}
          rows={5}
        />
      </div>
      {missing || problem ? (
        <p role="alert" className="text-sm text-destructive">
          {missing ? t('reviewPage.answerAll') : problem}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
