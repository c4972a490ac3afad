import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PendingChangesNote } from './pending-changes-note';
import { changedFields, proposedListing, reviewedValuesOf } from '#common/listing-changes';
import { photoDefaultUrl } from '#common/images';
import { listingStatus } from '#common/listing-rules';
import { listingUpdateSchema } from '#common/listings';
import type { Property } from '#common/properties';
import { photoLimitOf, type PlanId } from '#common/plans';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useVideoUploads, VideoUploadList } from '../videos';
import { propertyQuery, useUpdateListing, useUserProperties } from './api';
import { ImagePicker } from './image-picker';
import {
  AmenityFields,
  BasicInfoFields,
  LocationFields,
  PriceAndRoomFields,
} from './listing-fields';
import {
  fieldMessage,
  formFieldOf,
  invalidFormReport,
  listingFormResolver,
  listingFormValuesOf,
  toListingUpdate,
  type ListingFormValues,
} from './listing-form';
import { MoveInFields } from './move-in-fields';
import { PropertyLoadFailed, PropertyNotFound } from './property-not-found';
import { useImageUploads, type ImageItem } from './use-image-uploads';
import { useSignInRequired } from './use-sign-in-required';
import { ViewingHoursSection } from '../viewings';

const formResolver = listingFormResolver('edit');

/**
 * /property/:id/edit: the owner edits a listing (spec, Edit property). Visitors are sent to
 * sign in, anyone but the owner back to the dashboard ("Access Denied").
 */
export default function EditPropertyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user, isLoading } = useSignInRequired();
  // The owner may open a listing that is not live, so this waits for the signed-in user.
  const property = useQuery({ ...propertyQuery(id), enabled: Boolean(user) });
  useDocumentTitle(t('listingForm.editTitle'));

  if (isLoading || !user || property.isPending) return <PageSpinner />;
  if (property.isError) {
    const missing =
      property.error instanceof ApiRequestError &&
      (property.error.status === 404 || property.error.status === 400);
    return missing ? (
      <PropertyNotFound />
    ) : (
      <PropertyLoadFailed onRetry={() => void property.refetch()} />
    );
  }
  if (!property.data.isOwn) return <AccessDenied />;
  // Keyed by listing, so another listing starts from its own values and photos.
  return (
    <EditPropertyForm key={property.data.id} property={property.data} accountPlan={user.plan} />
  );
}

function AccessDenied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast({
      title: t('listingForm.accessDenied'),
      description: t('listingForm.accessDeniedText'),
      variant: 'destructive',
    });
    void navigate(paths.dashboard(), { replace: true });
  }, [navigate, t]);
  return <PageSpinner />;
}

/** Whether the photos to save differ from the listing's as a set (reordering is no change). */
function photoSetChanged(items: ImageItem[], original: readonly string[]): boolean {
  const before = new Set(original);
  const after = new Set(items.map((item) => item.url ?? item.key));
  return after.size !== before.size || [...after].some((url) => !before.has(url));
}

/**
 * Whether saving changes what renters rely on (title, description, price, place, move-in
 * costs) of an approved listing: the server then sends it back for approval (issue 19), so the owner is
 * asked first.
 */
function promisesChanged(property: Property, values: ListingFormValues, images: string[]) {
  if (!property.isVerified) return false;
  const parsed = listingUpdateSchema.safeParse(toListingUpdate(values, images));
  return (
    parsed.success &&
    changedFields(reviewedValuesOf(property), reviewedValuesOf(parsed.data)).length > 0
  );
}

function EditPropertyForm({
  property: approved,
  accountPlan,
}: {
  property: Property;
  /** The plan on the account: it sets how many photos the listing may carry. */
  accountPlan: PlanId | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The form shows what the owner last proposed (issue 34): the approved listing with the
  // changes waiting for review laid over it, so saving again keeps them.
  const property = proposedListing(approved, (photo) => photoDefaultUrl(photo));
  const update = useUpdateListing(property.id);
  // The lister's other listings, which the viewing hours can be copied to (issue 51).
  const ownListings = useUserProperties();
  const [confirming, setConfirming] = useState<ListingFormValues | null>(null);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const uploads = useImageUploads({
    initialUrls: property.images,
    failureTitle: t('uploads.failedToUploadImages'),
    // A listing kept from a larger plan keeps its photos; it only cannot grow past the plan.
    max: Math.max(photoLimitOf(accountPlan), property.images.length),
  });
  // Videos go up at once for this listing, to the review queue; they are not form fields.
  const videos = useVideoUploads({ propertyId: property.id });
  const form = useForm<ListingFormValues>({
    resolver: formResolver,
    defaultValues: listingFormValuesOf(property),
  });
  const status = listingStatus(property);
  // The server sends an approved listing back to review when its set of photos changes.
  const reviewAgain = property.isVerified && photoSetChanged(uploads.items, property.images);

  const save = async (values: ListingFormValues) => {
    setConfirming(null);
    setImagesError(undefined);
    try {
      const result = await update.mutateAsync(toListingUpdate(values, uploads.urls));
      const backToReview = status !== 'pending' && result.status === 'pending';
      toast({
        title: t('listingForm.updated'),
        description: t(
          result.pendingChanges
            ? 'listingForm.updatedChangesPending'
            : backToReview
              ? 'listingForm.updatedPending'
              : 'listingForm.updatedText',
        ),
      });
      void navigate(paths.dashboard());
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [serverField, message] of Object.entries(error.fields)) {
          const field = formFieldOf(serverField);
          if (field === 'images') setImagesError(fieldMessage(t, message, error.params));
          else if (field) form.setError(field, { message });
        }
      }
      toast({ title: t('listingForm.updateFailed'), variant: 'destructive' });
    }
  };

  const onValid = (values: ListingFormValues) => {
    if (reviewAgain || promisesChanged(property, values, uploads.urls)) setConfirming(values);
    else void save(values);
  };

  const onInvalid = (errors: FieldErrors<ListingFormValues>) => {
    const report = invalidFormReport(errors);
    if (report.kind === 'required') {
      toast({
        title: t('listingForm.validationError'),
        description: t('listingForm.requiredFields'),
        variant: 'destructive',
      });
    } else if (report.kind === 'price') {
      toast({ title: t('listingForm.invalidPrice'), variant: 'destructive' });
    } else {
      toast({ title: t('listingForm.checkFields'), variant: 'destructive' });
    }
  };

  const busy = update.isPending || uploads.uploading || videos.uploading;

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:px-6">
      <Link
        to={paths.dashboard()}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('listingForm.backToDashboard')}
      </Link>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('listingForm.editTitle')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('listingForm.editSubtitle')}</p>
        <PendingChangesNote property={approved} className="mt-4" />
      </header>

      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        className="grid gap-6"
      >
        <Section title={t('listingForm.sections.basic')}>
          <BasicInfoFields form={form} idPrefix="edit" descriptionRequired={false} />
        </Section>
        <Section title={t('listingForm.sections.location')}>
          <LocationFields
            form={form}
            idPrefix="edit"
            addressRequired
            followCurrency={() => false}
          />
        </Section>
        <Section title={t('listingForm.sections.details')}>
          <PriceAndRoomFields form={form} idPrefix="edit" priceRequired={false} minBedrooms={1} />
        </Section>
        <Section title={t('moveInForm.title')}>
          <p className="-mt-2 text-sm text-muted-foreground">{t('moveInForm.intro')}</p>
          <MoveInFields form={form} idPrefix="edit" />
        </Section>
        <Section title={t('listingForm.sections.amenities')}>
          <AmenityFields form={form} idPrefix="edit" />
        </Section>
        <Section title={t('listingForm.sections.images')}>
          {reviewAgain ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
            >
              <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
              <div className="grid gap-1">
                <p className="font-semibold">{t('listingForm.liveImagesWarning')}</p>
                <p>{t('listingForm.liveImagesWarningText')}</p>
              </div>
            </div>
          ) : null}
          <ImagePicker
            uploads={uploads}
            videos={videos}
            label={t('videos.upload.chooseOrDrop')}
            plan={accountPlan}
          />
          {imagesError ? <p className="text-sm text-destructive">{imagesError}</p> : null}
          <VideoUploadList uploads={videos} />
        </Section>
        <Section title={t('listingForm.sections.status')}>
          <p className="flex items-center gap-2 text-sm">
            {t('listingForm.currentStatus')}
            <Badge
              variant={status === 'live' ? 'default' : status === 'approved' ? 'soft' : 'accent'}
            >
              {t(`listingForm.status.${status}`)}
            </Badge>
          </p>
          {property.hiddenByAdmin ? (
            <div
              role="status"
              className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-950"
            >
              <p className="font-semibold">{t('listingForm.hiddenTitle')}</p>
              {property.hiddenReason ? (
                <p>
                  <span className="font-semibold">{t('listingForm.hiddenReason')}</span>{' '}
                  {property.hiddenReason}
                </p>
              ) : null}
              <p>{t('listingForm.hiddenText')}</p>
            </div>
          ) : null}
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Switch
                  id="edit-is-active"
                  // An administrator's Hide: only an administrator shows it again.
                  disabled={property.hiddenByAdmin}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="edit-is-active-hint"
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor="edit-is-active">{t('listingForm.isActive')}</Label>
              <p id="edit-is-active-hint" className="text-xs text-muted-foreground">
                {t('listingForm.isActiveHint')}
              </p>
            </div>
          </div>
        </Section>

        <div className="flex flex-wrap items-center justify-end gap-3">
          {uploads.uploading || videos.uploading ? (
            <p className="mr-auto text-sm text-muted-foreground">
              {uploads.uploading
                ? t('listingForm.waitForUploads')
                : t('videos.upload.waitForVideos')}
            </p>
          ) : null}
          <Button asChild variant="outline">
            <Link to={paths.dashboard()}>{t('listingForm.cancel')}</Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {update.isPending ? <Spinner /> : null}
            {update.isPending ? t('listingForm.saving') : t('listingForm.save')}
          </Button>
        </div>
      </form>

      {/* Saved on their own: hours are not part of the listing's review (issue 38). */}
      <Section title={t('viewings.hours.title')}>
        <ViewingHoursSection
          propertyId={property.id}
          otherListings={(ownListings.data ?? []).filter((other) => other.id !== property.id)}
        />
      </Section>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t('listingForm.confirmTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('listingForm.reviewAgainText')}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('listingForm.keepEditing')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => confirming && void save(confirming)}>
              {t('listingForm.confirmAction')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-4 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
