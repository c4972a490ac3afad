import { BadgeCheck, Headphones, Mail, MessageCircle, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SocialLinkList } from '../../components/social-link-list';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { contactAddresses, type ContactAddress } from './addresses';
import { ContactForm } from './contact-form';

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold [&_svg]:size-5 [&_svg]:text-primary">
        {icon}
        {title}
      </h2>
      <div className="mt-2 text-sm text-zinc-700">{children}</div>
    </Card>
  );
}

function MailLink({ address }: { address: ContactAddress }) {
  const email = contactAddresses[address];
  return (
    <a
      href={`mailto:${email}`}
      className="break-all font-medium text-primary underline-offset-4 hover:underline"
    >
      {email}
    </a>
  );
}

const allAddresses: ContactAddress[] = ['general', 'support', 'landlords', 'technical', 'legal'];

/** The public contact page (spec): ways to reach us on the left, the message form on the right. */
export default function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold">{t('contact.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('contact.tagline')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-4">
          <InfoCard icon={<Headphones aria-hidden />} title={t('contact.cards.support')}>
            <MailLink address="support" />
            <p className="mt-1 text-muted-foreground">{t('contact.cards.responseTime')}</p>
          </InfoCard>
          <InfoCard icon={<MessageCircle aria-hidden />} title={t('contact.cards.general')}>
            <MailLink address="general" />
            <p className="mt-1 text-muted-foreground">{t('contact.cards.responseTime')}</p>
          </InfoCard>
          <InfoCard icon={<Mail aria-hidden />} title={t('contact.cards.allEmails')}>
            <dl className="grid gap-2">
              {allAddresses.map((address) => (
                <div key={address}>
                  <dt className="text-muted-foreground">{t(`contact.addresses.${address}`)}</dt>
                  <dd>
                    <MailLink address={address} />
                  </dd>
                </div>
              ))}
            </dl>
          </InfoCard>
          <InfoCard icon={<Share2 aria-hidden />} title={t('contact.cards.followUs')}>
            <SocialLinkList />
          </InfoCard>
          <InfoCard icon={<BadgeCheck aria-hidden />} title={t('contact.cards.verified')}>
            <p>{t('contact.cards.verifiedText')}</p>
          </InfoCard>
        </div>
        <Card className="p-6">
          <ContactForm />
        </Card>
      </div>
    </div>
  );
}
