import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { ReviewBody, ViewingReviewState } from '#common/reviews';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useSaveReview, useViewingReview } from './api';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

/**
 * /viewings/:id/review (issue 40), where the invitation leads: the renter reviews the place
 * they came to see, or reads why they cannot (yet, or any more), and changes their review
 * within 48 hours of writing it.
 */
export default function ReviewPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(paths.reviewViewing(id))} replace />;
  return <ReviewViewing viewingId={id} />;
}

function ReviewViewing({ viewingId }: { viewingId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('reviewPage.title'));
  const state = useViewingReview(viewingId);
  if (state.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16 pt-8 sm:px-6">
      <Link to={paths.viewing(viewingId)} className="text-sm text-primary underline">
        {t('reviewPage.back')}
      </Link>
      {state.isError ? (
        <p role="alert">
          {state.error instanceof ApiRequestError && state.error.status === 404
            ? t('reviewPage.notFound')
            : apiErrorText(t, state.error, t('reviewPage.loadFailed'))}
        </p>
      ) : (
        <ReviewCard viewingId={viewingId} state={state.data} />
      )}
    </div>
  );
}

function ReviewCard({ viewingId, state }: { viewingId: string; state: ViewingReviewState }) {
  const { t, i18n } = useTranslation();
  const save = useSaveReview(viewingId);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { review } = state;
  // The page's own moment: what it says stays put while the reader looks at it.
  const [openedAt] = useState(() => Date.now());
  const editable = review !== null && Date.parse(review.editableUntil) > openedAt;

  const submit = async (body: ReviewBody) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ ...body, ...(review ? { reviewId: review.id } : {}) });
      setEditing(false);
      // Words held for an administrator (issue 50): the author is told it waits.
      toast({
        title:
          saved.status === 'held'
            ? t('reviewPage.status.held')
            : review
              ? t('reviewPage.saved')
              : t('reviewPage.thanks'),
      });
    } catch (error) {
      setProblem(apiErrorText(t, error, t('reviewPage.failed')));
    }
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Star aria-hidden className="size-6 text-primary" />
        {t('reviewPage.title')}
      </h1>
      <p className="font-medium [overflow-wrap:anywhere]">
        <Link to={paths.property(state.property.id)} className="hover:underline">
          {state.property.title}
        </Link>
      </p>
      {review && !editing ? (
        <>
          <p>{t('reviewPage.yours')}</p>
          {review.status !== 'published' ? (
            <p role="status" className="rounded-lg bg-muted p-3 text-sm">
              {t(`reviewPage.status.${review.status}`)}
            </p>
          ) : null}
          <ReviewItem review={review} headingLevel={2} />
          {editable ? (
            <div className="grid gap-1">
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => setEditing(true)}
              >
                {t('reviewPage.edit')}
              </Button>
              <p className="text-sm text-muted-foreground">
                {t('reviewPage.editUntil', {
                  time: formatDateTime(review.editableUntil, i18n.language),
                })}
              </p>
            </div>
          ) : null}
        </>
      ) : state.canReview || editing ? (
        <>
          <p className="text-sm text-muted-foreground">{t('reviewPage.intro')}</p>
          <ReviewForm
            initial={
              review
                ? {
                    rating: review.rating,
                    asDescribed: review.asDescribed,
                    askedForMoney: review.askedForMoney,
                    text: review.text ?? undefined,
                  }
                : undefined
            }
            busy={save.isPending}
            problem={problem}
            submitLabel={editing ? t('reviewPage.save') : t('reviewPage.submit')}
            onSubmit={(body) => void submit(body)}
          />
        </>
      ) : (
        <p role="status">
          {t(`reviewPage.refusal.${state.refusal ?? 'exists'}`, {
            opens: formatDateTime(state.opensAt, i18n.language),
          })}
        </p>
      )}
      {state.refusal === 'phone_not_verified' ? (
        <Button asChild className="justify-self-start">
          <Link to={paths.verifyPhone(paths.reviewViewing(viewingId))}>
            {t('reviewPage.verifyPhone')}
          </Link>
        </Button>
      ) : null}
    </Card>
  );
}
