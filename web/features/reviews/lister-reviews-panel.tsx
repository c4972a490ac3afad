import { Flag, MessageSquareReply } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MAX_REVIEW_REPLY,
  MAX_REVIEW_REPORT_NOTE,
  reviewReportReasons,
  type ListerReview,
  type ReviewReportReason,
} from '#common/reviews';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { useAnswerReview, useListerReviews } from './api';
import { ReviewItem } from './review-item';
import { ReviewSummaryLine } from './review-summary';

/**
 * The host dashboard's Reviews (issue 40): what renters who came said of the lister's
 * listings, newest first; the lister answers each once (shown under it to everyone) and may
 * report one to the administrators.
 */
export function ListerReviewsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reviews = useListerReviews(page);
  if (reviews.isPending) return <Skeleton className="h-40 w-full" />;
  if (reviews.isError) {
    return <p role="alert">{apiErrorText(t, reviews.error, t('listerReviews.loadFailed'))}</p>;
  }
  const { data } = reviews;
  return (
    <div className="grid gap-4">
      <ReviewSummaryLine summary={data.summary} />
      {data.reviews.length === 0 ? (
        <p className="text-muted-foreground">{t('listerReviews.empty')}</p>
      ) : (
        <div>
          {data.reviews.map((review) => (
            <ListerReviewItem key={review.id} review={review} />
          ))}
        </div>
      )}
      <Pager
        page={page}
        pages={data.totalPages}
        label={t('listerReviews.pages')}
        onPage={setPage}
      />
    </div>
  );
}

function ListerReviewItem({ review }: { review: ListerReview }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  return (
    <ReviewItem review={review} headingLevel={2}>
      <p className="text-sm">
        <Link to={paths.property(review.property.id)} className="text-primary underline">
          {review.property.title}
        </Link>
      </p>
      <div className="flex flex-wrap gap-2">
        {review.reply ? null : (
          <Button size="sm" variant="outline" onClick={() => setOpen('reply')}>
            <MessageSquareReply aria-hidden />
            {t('listerReviews.reply')}
          </Button>
        )}
        {review.reportedByMe ? (
          <span className="text-sm text-muted-foreground">{t('listerReviews.reported')}</span>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setOpen('report')}>
            <Flag aria-hidden />
            {t('listerReviews.report')}
          </Button>
        )}
      </div>
      {open === 'reply' ? (
        <ReplyForm reviewId={review.id} onDone={() => setOpen(null)} />
      ) : open === 'report' ? (
        <ReportForm reviewId={review.id} onDone={() => setOpen(null)} />
      ) : null}
    </ReviewItem>
  );
}

function ReplyForm({ reviewId, onDone }: { reviewId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerReview();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `reply-${reviewId}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem(t('listerReviews.replyEmpty'));
      return;
    }
    try {
      await answer.mutateAsync({ id: reviewId, reply: text.trim() });
      toast({ title: t('listerReviews.replied') });
      onDone();
    } catch (error) {
      setProblem(apiErrorText(t, error, t('listerReviews.failed')));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate>
      <Label htmlFor={fieldId}>{t('listerReviews.replyLabel')}</Label>
      <Textarea
        id={fieldId}
        value={text}
        maxLength={MAX_REVIEW_REPLY}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="text-xs text-muted-foreground">{t('listerReviews.replyOnce')}</p>
      <FormEnd
        problem={problem}
        busy={answer.isPending}
        submitLabel={t('listerReviews.send')}
        onCancel={onDone}
      />
    </form>
  );
}

function ReportForm({ reviewId, onDone }: { reviewId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerReview();
  const [reason, setReason] = useState<ReviewReportReason>('not_a_real_visit');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await answer.mutateAsync({
        id: reviewId,
        report: { reason, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      toast({ title: t('listerReviews.reportSent') });
      onDone();
    } catch (error) {
      setProblem(apiErrorText(t, error, t('listerReviews.failed')));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate>
      <Label htmlFor={`report-reason-${reviewId}`}>{t('listerReviews.reportReason')}</Label>
      <select
        id={`report-reason-${reviewId}`}
        value={reason}
        onChange={(event) => setReason(event.target.value as ReviewReportReason)}
        className="h-11 rounded-md border border-border bg-background px-3"
      >
        {reviewReportReasons.map((option) => (
          <option key={option} value={option}>
            {t(`listerReviews.reasons.${option}`)}
          </option>
        ))}
      </select>
      <Label htmlFor={`report-note-${reviewId}`}>{t('listerReviews.reportNote')}</Label>
      <Textarea
        id={`report-note-${reviewId}`}
        value={note}
        maxLength={MAX_REVIEW_REPORT_NOTE}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormEnd
        problem={problem}
        busy={answer.isPending}
        submitLabel={t('listerReviews.sendReport')}
        onCancel={onDone}
      />
    </form>
  );
}

/** What ends the answer and the report forms: why it failed, then send or cancel. */
function FormEnd({
  problem,
  busy,
  submitLabel,
  onCancel,
}: {
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('listerReviews.cancel')}
        </Button>
      </div>
    </>
  );
}
