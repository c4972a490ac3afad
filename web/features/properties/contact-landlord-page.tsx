import {
  ArrowLeft,
  Briefcase,
  Clock,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  UserRound,
} from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { listingStatus } from '#common/listing-rules';
import type { OwnerContact } from '#common/listings';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { errorCodeText } from '../../lib/server-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { EnquiryForm } from '../conversations';
import { useOwnerContact, useProperty } from './api';
import { listingUrl, telHref, whatsappHref } from './contact-links';
import { placeText, priceParts } from './format';
import { ListerBadgeList } from './lister-badges';
import { listingImages, PropertyImage } from './property-image';
import { RentedBanner } from './listing-state-banners';
import { PropertyLoadFailed, PropertyNotFound } from './property-not-found';
import { ReportListing } from '../reports';
import { ReviewedBadge } from './reviewed-badge';
import { SafetyAdvice } from './safety-advice';

const isMissing = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
/** The server's answer for a listing that exists but is not live (409, nothing of its owner). */
const isUnderReview = (error: unknown) => error instanceof ApiRequestError && error.status === 409;
const needsVerifiedContact = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'contact_needs_verified_contact';

/**
 * /contact-landlord/:id (spec): the owner's or agent's contact details for registered users.
 * Visitors are sent to sign up first (as the listing page's contact button does). Details
 * show only for a live listing; a listing that exists but is not both verified and active is
 * "Property Under Review" (without any of its details to anyone but its owner and admins);
 * one that does not exist is "Property not found".
 */
export default function ContactLandlordPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.register({ action: 'contact', propertyId: id })} replace />;
  return <ContactLandlord id={id} />;
}

function ContactLandlord({ id }: { id: string }) {
  const property = useProperty(id);
  // Asked at once: it also tells a listing under review (409) from a missing one (404).
  const contact = useOwnerContact(id);

  if (property.isPending) return <ContactSkeleton />;
  if (property.isError) {
    if (!isMissing(property.error)) {
      return <PropertyLoadFailed onRetry={() => void property.refetch()} />;
    }
    // Not readable by this reader: under review, or not there at all.
    if (contact.isPending) return <ContactSkeleton />;
    if (isUnderReview(contact.error)) return <UnderReviewPage />;
    return <PropertyNotFound />;
  }

  const live = listingStatus(property.data) === 'live';
  let details: ReactNode;
  // A rented listing has nobody to contact any more: it says so, with similar places.
  if (property.data.rentedAt) {
    details = <RentedBanner property={property.data} />;
  } else if (
    !live ||
    (contact.isError && (isMissing(contact.error) || isUnderReview(contact.error)))
  ) {
    details = <UnderReview />;
  } else if (contact.isPending) {
    details = <DetailsSkeleton />;
  } else if (needsVerifiedContact(contact.error)) {
    details = <VerifyToSeeDetails />;
  } else if (contact.isError) {
    details = <DetailsFailed error={contact.error} onRetry={() => void contact.refetch()} />;
  } else {
    details = <ContactDetails contact={contact.data} />;
  }

  return (
    <ContactLayout property={property.data} live={live}>
      {details}
    </ContactLayout>
  );
}

/** A listing under review, to a reader who may not see it: the notice alone. */
function UnderReviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contactLandlord.underReviewTitle'));
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-10 sm:px-6">
      <h1 className="sr-only">{t('contactLandlord.title')}</h1>
      <UnderReview />
    </div>
  );
}

function ContactLayout({
  property,
  live,
  children,
}: {
  property: Property;
  live: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const price = priceParts(property, t, i18n.language);
  const [first] = listingImages(property);
  useDocumentTitle(t('contactLandlord.documentTitle', { title: property.title }));

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6">
      <Link
        to={paths.property(property.id)}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('contactLandlord.backToProperty')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('contactLandlord.title')}
      </h1>
      <p className="mt-1 text-muted-foreground">{t('contactLandlord.subtitle')}</p>

      <div className="mt-6 grid gap-6 md:grid-cols-5">
        <Card className="overflow-hidden md:col-span-2">
          <div className="aspect-[4/3] bg-muted">
            <PropertyImage
              image={first}
              alt={first ? property.title : t('property.noImage')}
              sizes="(min-width: 768px) 400px, 100vw"
              priority
            />
          </div>
          <div className="grid gap-2 p-4">
            {live ? (
              <span className="w-fit">
                <ReviewedBadge />
              </span>
            ) : null}
            <h2 className="break-words text-lg font-semibold">{property.title}</h2>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{placeText(property)}</span>
            </p>
            <p>
              <span className="text-xl font-bold text-zinc-900">{price.amount}</span>
              <span className="text-sm text-muted-foreground">/{price.period}</span>
            </p>
            {live ? (
              <ReportListing
                propertyId={property.id}
                title={property.title}
                isOwn={property.isOwn}
                reportedAt={property.reportedByMe}
              />
            ) : null}
          </div>
        </Card>
        {/* First on a phone too, above the listing's photo: what the reader came to do. */}
        <div className="order-first md:order-none md:col-span-3">
          {/* First, a message that stays on Abode (issue 37); the phone number second. */}
          {live && !property.isOwn ? (
            <Card className="mb-6 p-6">
              <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                <EnquiryForm propertyId={property.id} title={property.title} />
              </Suspense>
            </Card>
          ) : null}
          {children}
          {/* Who is behind the listing, as its page says it (issue 34): renters decide here. */}
          <Card className="mt-6 p-6">
            <ListerBadgeList lister={property.lister} ownerUserType={property.ownerUserType} />
          </Card>
        </div>
      </div>
    </div>
  );
}

function ContactDetails({ contact }: { contact: OwnerContact }) {
  const { t } = useTranslation();
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const role =
    contact.userType === 'agent' ? t('contactLandlord.agent') : t('contactLandlord.owner');
  // WhatsApp with a greeting that names the listing and links it, in the reader's language.
  const whatsapp = contact.phone
    ? whatsappHref(
        contact.phone,
        t('contactLandlord.whatsappGreeting', {
          title: contact.propertyTitle,
          url: listingUrl(contact.propertyId),
        }),
      )
    : '';

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('contactLandlord.detailsTitle')}</h2>
      <div className="mt-4 flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-hover">
          <UserRound className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="break-words font-semibold">{name}</p>
          <p className="text-sm text-muted-foreground">{role}</p>
        </div>
      </div>

      <dl className="mt-6 grid gap-4">
        {contact.businessName ? (
          <Detail icon={<Briefcase aria-hidden />} label={t('contactLandlord.business')}>
            {contact.businessName}
          </Detail>
        ) : null}
        {contact.email ? (
          <Detail icon={<Mail aria-hidden />} label={t('contactLandlord.email')}>
            <a
              href={`mailto:${contact.email}`}
              className="break-all font-medium text-primary underline-offset-4 hover:underline"
            >
              {contact.email}
            </a>
          </Detail>
        ) : null}
        {contact.phone ? (
          <Detail icon={<Phone aria-hidden />} label={t('contactLandlord.phone')}>
            <a
              href={telHref(contact.phone)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {contact.phone}
            </a>
          </Detail>
        ) : null}
      </dl>

      {!contact.email && !contact.phone ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('contactLandlord.noDetails')}</p>
      ) : null}

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        {contact.phone ? (
          <Button asChild>
            <a href={telHref(contact.phone)}>
              <Phone aria-hidden />
              {t('contactLandlord.call', { name: contact.firstName })}
            </a>
          </Button>
        ) : null}
        {whatsapp ? (
          <Button asChild variant="outline">
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden />
              {t('contactLandlord.whatsapp')}
              <span className="sr-only"> {t('common.opensInNewTab')}</span>
            </a>
          </Button>
        ) : null}
        {contact.email ? (
          <Button asChild variant="outline">
            <a href={`mailto:${contact.email}`}>
              <Mail aria-hidden />
              {t('contactLandlord.sendEmail')}
            </a>
          </Button>
        ) : null}
      </div>
      <SafetyAdvice className="mt-6" />
    </Card>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  // The icon sits in the dt: a dl group holds nothing but its dt and dd.
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-sm text-muted-foreground">
        <span className="absolute left-0 top-0.5 text-zinc-500 [&_svg]:size-5">{icon}</span>
        {label}
      </dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function UnderReview() {
  const { t } = useTranslation();
  return (
    <Card className="p-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Clock className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{t('contactLandlord.underReviewTitle')}</h2>
      <p className="mt-2 text-muted-foreground">{t('contactLandlord.underReviewText')}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={paths.search()}>{t('property.backToSearch')}</Link>
      </Button>
    </Card>
  );
}

/** An account with neither e-mail nor phone verified is asked to verify one (issue 34). */
function VerifyToSeeDetails() {
  const { t } = useTranslation();
  return (
    <Card role="alert" className="p-6 text-center">
      <p>{t('errors.contact_needs_verified_contact')}</p>
      <Button asChild className="mt-4">
        <Link to={paths.accountSettings()}>{t('contactLandlord.verifyInSettings')}</Link>
      </Button>
    </Card>
  );
}

function DetailsFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  // Why, when the server said: the daily limit of listings revealed (with when it lifts), or
  // the address's limit.
  const reason =
    error instanceof ApiRequestError ? errorCodeText(t, error.code, error.params) : undefined;
  return (
    <Card role="alert" className="p-6 text-center">
      <h2 className="text-lg font-semibold">{t('contactLandlord.loadError')}</h2>
      {reason ? <p className="mt-2 text-muted-foreground">{reason}</p> : null}
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Card>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <Card role="status" aria-label={t('common.loading')} className="grid gap-4 p-6">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-10 w-full" />
    </Card>
  );
}

function ContactSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="mx-auto max-w-5xl px-4 py-6 sm:px-6"
    >
      <Skeleton className="mb-4 h-5 w-32" />
      <Skeleton className="h-9 w-72 max-w-full" />
      <div className="mt-6 grid gap-6 md:grid-cols-5">
        <Skeleton className="h-72 md:col-span-2" />
        <Skeleton className="h-72 md:col-span-3" />
      </div>
    </div>
  );
}
