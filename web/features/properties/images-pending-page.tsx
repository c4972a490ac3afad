import {
  ArrowLeft,
  CheckCircle2,
  Clock,
  Eye,
  ImageIcon,
  Lightbulb,
  LifeBuoy,
  MessageSquare,
  PlusCircle,
  Rocket,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';

type StageState = 'done' | 'current' | 'waiting';

/**
 * /images-pending-approval (spec): where the wizard lands after a listing is sent. Tells the
 * owner the listing is under review, how far it is, what happens next, and where to go now.
 * The preview button appears only when the URL names the listing (?propertyId=…).
 */
export default function ImagesPendingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const propertyId = params.get('propertyId')?.trim() || null;
  useDocumentTitle(t('pendingApproval.title'));

  const stages: { key: string; state: StageState; icon: ReactNode }[] = [
    { key: 'details', state: 'done', icon: <CheckCircle2 aria-hidden /> },
    { key: 'review', state: 'current', icon: <ImageIcon aria-hidden /> },
    { key: 'live', state: 'waiting', icon: <Rocket aria-hidden /> },
  ];
  const nextSteps = [
    { key: 'review', icon: <Clock aria-hidden /> },
    { key: 'approval', icon: <ShieldCheck aria-hidden /> },
    { key: 'inquiries', icon: <MessageSquare aria-hidden /> },
  ];
  const tips = ['photos', 'details', 'respond'] as const;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <Clock className="size-8" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pendingApproval.title')}
        </h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          {t('pendingApproval.subtitle')}
        </p>
        <dl className="mt-4 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-muted-foreground">{t('pendingApproval.statusLabel')}</dt>
            <dd>
              <Badge variant="accent">{t('pendingApproval.underReview')}</Badge>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-muted-foreground">{t('pendingApproval.imagesLabel')}</dt>
            <dd>
              <Badge variant="outline">{t('pendingApproval.pending')}</Badge>
            </dd>
          </div>
        </dl>
      </div>

      <Card className="mt-8 p-6">
        <h2 className="text-lg font-semibold">{t('pendingApproval.progressTitle')}</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {stages.map((stage) => (
            <li
              key={stage.key}
              className={cn(
                'flex items-center gap-3 rounded-lg border p-3 sm:flex-col sm:text-center',
                stage.state === 'done' && 'border-primary/30 bg-primary-soft/40',
                stage.state === 'current' && 'border-amber-300 bg-amber-50',
                stage.state === 'waiting' && 'border-border',
              )}
            >
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5',
                  stage.state === 'done' && 'bg-primary text-primary-foreground',
                  stage.state === 'current' && 'bg-amber-100 text-amber-900',
                  stage.state === 'waiting' && 'bg-muted text-zinc-600',
                )}
              >
                {stage.icon}
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium">{t(`pendingApproval.stages.${stage.key}`)}</span>
                <span className="text-sm text-zinc-700">
                  {t(`pendingApproval.stageState.${stage.state}`)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">{t('pendingApproval.nextTitle')}</h2>
        <ol className="mt-4 grid gap-4">
          {nextSteps.map((step) => (
            <li key={step.key} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-hover [&_svg]:size-4">
                {step.icon}
              </span>
              <span>
                <span className="block font-medium">
                  {t(`pendingApproval.next.${step.key}.title`)}
                </span>
                <span className="block text-sm text-muted-foreground">
                  {t(`pendingApproval.next.${step.key}.text`)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Lightbulb className="size-5 text-amber-700" aria-hidden />
          {t('pendingApproval.tipsTitle')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-zinc-700">
          {tips.map((tip) => (
            <li key={tip}>{t(`pendingApproval.tips.${tip}`)}</li>
          ))}
        </ul>
      </Card>

      <div className="mt-8 grid gap-3 sm:grid-cols-2">
        <Button asChild>
          <Link to={paths.dashboard()}>
            <ArrowLeft aria-hidden />
            {t('pendingApproval.backToDashboard')}
          </Link>
        </Button>
        {propertyId ? (
          <Button asChild variant="outline">
            <Link to={paths.property(propertyId)}>
              <Eye aria-hidden />
              {t('pendingApproval.viewPreview')}
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={paths.listProperty()}>
            <PlusCircle aria-hidden />
            {t('pendingApproval.listAnother')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.support()}>
            <LifeBuoy aria-hidden />
            {t('pendingApproval.contactSupport')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
