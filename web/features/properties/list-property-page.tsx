import { Check, ChevronLeft, ChevronRight, Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { findPlan, photoLimitOf, type PlanId } from '#common/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useVideoUploads, VideoUploadList } from '../videos';
import { useCreateListing } from './api';
import { ImagePicker } from './image-picker';
import {
  AmenityFields,
  BasicInfoFields,
  LocationFields,
  PriceAndRoomFields,
} from './listing-fields';
import {
  fieldLabelKeys,
  fieldMessage,
  formFieldOf,
  invalidFormReport,
  listingFormResolver,
  newListingDefaults,
  toListingInput,
  type ListingFieldName,
  type ListingFormValues,
} from './listing-form';
import { MoveInFields } from './move-in-fields';
import { useImageUploads } from './use-image-uploads';
import { useSignInRequired } from './use-sign-in-required';
import { apiErrorReason } from '../../lib/server-messages';
import {
  noViewingHours,
  saveViewingHours,
  ViewingHoursFields,
  viewingHoursProblems,
} from '../viewings';

/** The wizard's steps (spec 5) and the fields each one holds. */
const steps = [
  { key: 'basic', fields: ['title', 'description', 'propertyType', 'category'] },
  {
    key: 'location',
    fields: [
      'country',
      'city',
      'address',
      'streetAddress',
      'price',
      'currency',
      'pricingPeriod',
      'bedrooms',
      'bathrooms',
      // Move-in terms (issue 20): next to the rent they depend on.
      'advanceMonths',
      'depositAmount',
      'agentFeeKind',
      'agentFeeValue',
      'agentFeePayer',
      'availableFrom',
      'minLeaseMonths',
      'furnished',
      'utilitiesIncluded',
    ],
  },
  { key: 'amenities', fields: ['amenities'] },
] as const satisfies readonly { key: string; fields: readonly ListingFieldName[] }[];

const stepOf = (field: string) =>
  Math.max(
    0,
    steps.findIndex((step) => (step.fields as readonly string[]).includes(field)),
  );

const formResolver = listingFormResolver('create');

/** /list-property: the three-step wizard that creates a listing (spec, List property). */
export default function ListPropertyPage() {
  const { t } = useTranslation();
  const { user, isLoading, sessionExpired } = useSignInRequired();
  useDocumentTitle(t('listingForm.listTitle'));
  if (isLoading || !user) return <PageSpinner />;
  return <ListPropertyWizard sessionExpired={sessionExpired} accountPlan={user.plan} />;
}

function ListPropertyWizard({
  sessionExpired,
  accountPlan,
}: {
  sessionExpired: () => void;
  /** The plan on the account: it sets how many photos the listing may carry. */
  accountPlan: PlanId | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The plan chosen on the plans page (?plan=), by its name in the reader's language.
  const plan = findPlan(searchParams.get('plan'));
  const createListing = useCreateListing();
  const [step, setStep] = useState(0);
  const [viewingHours, setViewingHours] = useState(noViewingHours);
  const [hoursErrors, setHoursErrors] = useState<Record<string, string>>({});
  const [imagesError, setImagesError] = useState<string | undefined>();
  // The currency follows the country until the owner picks one themselves.
  const currencyPicked = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const movedStep = useRef(false);
  const uploads = useImageUploads({
    failureTitle: t('uploads.uploadFailed'),
    max: photoLimitOf(accountPlan),
  });
  // Videos go up at once, before the listing exists, straight to the review queue.
  const videos = useVideoUploads();
  const sending = uploads.uploading || videos.uploading;
  const form = useForm<ListingFormValues>({
    resolver: formResolver,
    defaultValues: newListingDefaults,
  });

  // The new step's heading takes focus, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (movedStep.current) heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    movedStep.current = true;
    setStep(next);
  };

  const report = (errors: FieldErrors<ListingFormValues>) => {
    const result = invalidFormReport(errors);
    if (result.kind === 'required') {
      toast({
        title: t('listingForm.requiredFields'),
        description: t('listingForm.missing', {
          fields: result.fields.map((name) => t(fieldLabelKeys[name])).join(', '),
        }),
        variant: 'destructive',
      });
    } else if (result.kind === 'price') {
      toast({ title: t('listingForm.invalidPrice'), variant: 'destructive' });
    } else {
      toast({ title: t('listingForm.checkFields'), variant: 'destructive' });
    }
  };

  const next = async () => {
    const fields = [...steps[step]!.fields];
    if (await form.trigger(fields)) {
      goTo(step + 1);
      return;
    }
    // The errors as they are now (formState is the snapshot of the last render).
    const errors: FieldErrors<ListingFormValues> = {};
    for (const name of fields) {
      const { error } = form.getFieldState(name);
      if (error) Object.assign(errors, { [name]: error });
    }
    report(errors);
  };

  const onValid = async (values: ListingFormValues) => {
    setImagesError(undefined);
    // The hours are saved once the listing exists: checked first, on this same step.
    const hoursProblems = viewingHoursProblems(t, viewingHours);
    setHoursErrors(hoursProblems ?? {});
    if (hoursProblems) return;
    try {
      const { id } = await createListing.mutateAsync(toListingInput(values, uploads.urls));
      // Not awaited: the request goes on while the next page opens.
      void videos.attachTo(id);
      // The hours need the listing; a failure leaves the listing made and says where to set them.
      if (viewingHours.windows.length > 0) {
        void saveViewingHours(id, viewingHours).catch(() =>
          toast({ title: t('viewings.hours.saveLater'), variant: 'destructive' }),
        );
      }
      toast({ title: t('listingForm.listed'), description: t('listingForm.listedText') });
      void navigate(paths.imagesPendingApproval(id));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        sessionExpired();
        return;
      }
      let firstStep: number | undefined;
      if (error instanceof ApiRequestError) {
        for (const [serverField, message] of Object.entries(error.fields)) {
          const field = formFieldOf(serverField);
          if (field === 'images') setImagesError(fieldMessage(t, message, error.params));
          else if (field) form.setError(field, { message });
          const fieldStep = field === 'images' ? steps.length - 1 : field && stepOf(field);
          if (fieldStep !== undefined && (firstStep === undefined || fieldStep < firstStep)) {
            firstStep = fieldStep;
          }
        }
      }
      if (firstStep !== undefined && firstStep !== step) goTo(firstStep);
      toast({
        title: t('listingForm.listFailed'),
        description:
          firstStep !== undefined ? t('listingForm.checkFields') : apiErrorReason(t, error),
        variant: 'destructive',
      });
    }
  };

  const onInvalid = (errors: FieldErrors<ListingFormValues>) => {
    const first = Object.keys(errors)
      .map(stepOf)
      .sort((a, b) => a - b)[0];
    if (first !== undefined && first !== step) goTo(first);
    report(errors);
  };

  const last = step === steps.length - 1;
  const current = steps[step]!;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('listingForm.listTitle')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('listingForm.listSubtitle')}</p>
        {plan ? (
          <Badge variant="soft" className="mt-3">
            {t('listingForm.plan', { plan: t(`plans.names.${plan.id}`) })}
          </Badge>
        ) : null}
      </header>

      <StepIndicator step={step} />

      <Card className="mt-6 p-6">
        <form
          noValidate
          onSubmit={(event) => {
            // Enter in a field of an earlier step moves on instead of sending.
            if (!last) {
              event.preventDefault();
              void next();
              return;
            }
            void form.handleSubmit(onValid, onInvalid)(event);
          }}
          className="grid gap-6"
        >
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t(`listingForm.steps.${current.key}`)}
          </h2>

          {step === 0 ? <BasicInfoFields form={form} idPrefix="list" descriptionRequired /> : null}
          {step === 1 ? (
            <>
              <LocationFields
                form={form}
                idPrefix="list"
                addressRequired={false}
                followCurrency={() => !currencyPicked.current}
              />
              <PriceAndRoomFields
                form={form}
                idPrefix="list"
                priceRequired
                minBedrooms={0}
                onCurrencyPicked={() => {
                  currencyPicked.current = true;
                }}
              />
              <section className="grid gap-3 border-t border-border pt-6">
                <h3 className="font-semibold">{t('moveInForm.title')}</h3>
                <p className="-mt-1 text-sm text-muted-foreground">{t('moveInForm.intro')}</p>
                <MoveInFields form={form} idPrefix="list" />
              </section>
            </>
          ) : null}
          {/* Kept mounted once shown, so uploads keep running while the owner looks back. */}
          <div className={cn('grid gap-6', !last && 'hidden')}>
            <section className="grid gap-3">
              <h3 className="font-semibold">{t('listingForm.amenities')}</h3>
              <AmenityFields form={form} idPrefix="list" />
            </section>
            <section className="grid gap-3">
              <h3 className="font-semibold">{t('listingForm.images')}</h3>
              <ImagePicker
                uploads={uploads}
                videos={videos}
                label={t('videos.upload.chooseOrDrop')}
                plan={accountPlan}
              />
              {imagesError ? <p className="text-sm text-destructive">{imagesError}</p> : null}
              <VideoUploadList uploads={videos} />
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('listingForm.reviewNote')}
              </p>
            </section>
            <section className="grid gap-3">
              <h3 className="font-semibold">{t('viewings.hours.title')}</h3>
              <ViewingHoursFields
                value={viewingHours}
                onChange={setViewingHours}
                errors={hoursErrors}
                idPrefix="list-viewing"
              />
            </section>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-6">
            {step > 0 ? (
              <Button type="button" variant="outline" onClick={() => goTo(step - 1)}>
                <ChevronLeft aria-hidden />
                {t('listingForm.previous')}
              </Button>
            ) : (
              <span />
            )}
            {last ? (
              <div className="flex flex-col items-end gap-1">
                <Button
                  type="submit"
                  disabled={createListing.isPending || sending}
                  aria-describedby={sending ? 'list-uploading-note' : undefined}
                >
                  {createListing.isPending ? <Spinner /> : null}
                  {createListing.isPending ? t('listingForm.submitting') : t('listingForm.submit')}
                </Button>
                {sending ? (
                  <p id="list-uploading-note" className="text-xs text-muted-foreground">
                    {uploads.uploading
                      ? t('listingForm.waitForUploads')
                      : t('videos.upload.waitForVideos')}
                  </p>
                ) : uploads.failed ? (
                  <p className="text-xs text-muted-foreground">{t('listingForm.failedNotSaved')}</p>
                ) : null}
              </div>
            ) : (
              <Button type="submit">
                {t('listingForm.next')}
                <ChevronRight aria-hidden />
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}

function StepIndicator({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('listingForm.progress')}>
      <p className="sr-only">{t('listingForm.stepOf', { step: step + 1, total: steps.length })}</p>
      <ol className="grid grid-cols-3 gap-2">
        {steps.map((item, index) => {
          const done = index < step;
          const active = index === step;
          return (
            <li
              key={item.key}
              aria-current={active ? 'step' : undefined}
              className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left"
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  active && 'border-primary bg-primary text-primary-foreground',
                  done && 'border-primary bg-primary-soft text-primary-hover',
                  !active && !done && 'border-zinc-300 text-zinc-600',
                )}
              >
                {done ? <Check className="size-4" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn('text-xs sm:text-sm', active ? 'font-semibold' : 'text-zinc-600')}
              >
                {t(`listingForm.steps.${item.key}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
