import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  adminReviewGroups,
  MAX_REVIEW_DECISION_REASON,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
} from '#common/reviews';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChoiceButtons } from '../../components/ui/choice-buttons';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/dates';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { useAdminReviews, useDecideReview } from './api';
import { ReviewItem } from './review-item';

const groups = adminReviewGroups;

/**
 * The admin panel's Reviews (issue 40): reviews listers reported, oldest first, with their
 * reports; an administrator hides one (with a reason its author reads) or keeps it shown
 * (restore), and can show a hidden one again. Each decision is audit-logged.
 */
export default function AdminReviewsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof groups)[number]>('reported');
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(status, page);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('adminReviews.intro')}</p>
      <ChoiceButtons
        label={t('adminReviews.groups')}
        options={groups}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      >
        {(group) => t(`adminReviews.group.${group}`)}
      </ChoiceButtons>
      {reviews.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : reviews.isError ? (
        <p role="alert">{apiErrorText(t, reviews.error, t('adminReviews.loadFailed'))}</p>
      ) : reviews.data.reviews.length === 0 ? (
        <p className="text-muted-foreground">{t(`adminReviews.empty.${status}`)}</p>
      ) : (
        reviews.data.reviews.map((review) => <AdminReviewCard key={review.id} review={review} />)
      )}
      {reviews.data ? (
        <Pager
          page={page}
          pages={Math.ceil(reviews.data.total / REVIEWS_PAGE_SIZE)}
          label={t('adminReviews.pages')}
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}

function AdminReviewCard({ review }: { review: AdminReview }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideReview();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hidden = review.hiddenAt !== null;
  const run = async (action: 'hide' | 'restore') => {
    if (action === 'hide' && !reason.trim()) {
      setProblem(t('adminReviews.reasonRequired'));
      return;
    }
    setProblem(null);
    try {
      await decide.mutateAsync({
        id: review.id,
        action,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      toast({ title: t(action === 'hide' ? 'adminReviews.hidden' : 'adminReviews.restored') });
    } catch (error) {
      setProblem(apiErrorText(t, error, t('adminReviews.failed')));
    }
  };
  const fieldId = `decision-${review.id}`;
  return (
    <Card className="grid gap-3 p-4">
      <p className="text-sm">
        <Link to={paths.property(review.property.id)} className="font-semibold underline">
          {review.property.title}
        </Link>{' '}
        · {review.author.name}
        {review.author.phone ? ` · ${review.author.phone}` : ''}
        {review.askedForMoney ? ` · ${t('adminReviews.askedForMoney')}` : ''}
      </p>
      <ReviewItem review={review} headingLevel={2} />
      {review.status === 'held' ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {t('adminReviews.heldBecause', {
            reasons: review.heldReasons.map((flag) => t(`adminReviews.flags.${flag}`)).join(', '),
          })}
        </p>
      ) : null}
      {review.notCountedReason ? (
        <p className="rounded-lg bg-muted p-2 text-sm">
          {t('adminReviews.notCountedBecause', {
            reason: t(`adminReviews.notCounted.${review.notCountedReason}`),
          })}
        </p>
      ) : null}
      {review.heldReply ? (
        <div className="ml-4 rounded-lg border border-amber-300 p-3 text-sm">
          <p className="font-semibold">{t('adminReviews.heldReply')}</p>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">
            {review.heldReply.text}
          </p>
        </div>
      ) : null}
      {review.reports.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {review.reports.map((report) => (
            <li key={report.id}>
              <span className="font-semibold">{t(`listerReviews.reasons.${report.reason}`)}</span>
              {report.note ? `: ${report.note}` : ''} ·{' '}
              {formatDateTime(report.createdAt, i18n.language)}
              {report.resolvedAt ? ` · ${t('adminReviews.closed')}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {hidden ? (
        <p className="text-sm">
          {t('adminReviews.hiddenBecause', { reason: review.hiddenReason ?? '' })}
        </p>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor={fieldId}>{t('adminReviews.reason')}</Label>
          <Textarea
            id={fieldId}
            value={reason}
            maxLength={MAX_REVIEW_DECISION_REASON}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {hidden ? null : (
          <Button
            variant="destructive"
            disabled={decide.isPending}
            onClick={() => void run('hide')}
          >
            {t('adminReviews.hide')}
          </Button>
        )}
        <Button variant="outline" disabled={decide.isPending} onClick={() => void run('restore')}>
          {hidden
            ? t('adminReviews.showAgain')
            : review.status === 'held' || review.heldReply
              ? t('adminReviews.publish')
              : t('adminReviews.keep')}
        </Button>
      </div>
    </Card>
  );
}
