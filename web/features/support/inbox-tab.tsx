import { Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_PAGE_SIZE, inboxSources, type InboxMessage, type InboxSource } from '#common/inbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { formatDateTime } from '../../lib/dates';
import { useInbox } from './api';

function MessageCard({ message }: { message: InboxMessage }) {
  const { t, i18n } = useTranslation();
  const about = [
    message.category ? t(`support.categories.${message.category}`) : null,
    message.userType ? t(`contact.form.userTypes.${message.userType}`) : null,
    message.contactMethod
      ? t('inbox.prefers', { method: t(`contact.form.methods.${message.contactMethod}`) })
      : null,
  ].filter(Boolean);
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="break-words font-semibold">{message.subject}</h3>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{t(`inbox.sources.${message.source}`)}</Badge>
          {message.forwarded ? null : <Badge variant="accent">{t('inbox.notForwarded')}</Badge>}
        </div>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {message.name || t('inbox.noName')} · {formatDateTime(message.createdAt, i18n.language)}
        {about.length > 0 ? ` · ${about.join(' · ')}` : null}
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm [&_svg]:size-4">
        {message.email ? (
          <li className="flex items-center gap-1">
            <Mail aria-hidden />
            <a
              href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
              className="break-all text-primary underline-offset-4 hover:underline"
            >
              {message.email}
            </a>
          </li>
        ) : null}
        {message.phone ? (
          <li className="flex items-center gap-1">
            <Phone aria-hidden />
            <a
              href={`tel:${message.phone}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {message.phone}
            </a>
          </li>
        ) : null}
      </ul>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm">{message.message}</p>
    </Card>
  );
}

/** The admin panel's Messages tab: support and contact messages, newest first. */
export default function InboxTab() {
  const { t } = useTranslation();
  const [source, setSource] = useState<InboxSource | undefined>();
  const [page, setPage] = useState(1);
  const inbox = useInbox({ source, page });
  const pages = Math.max(1, Math.ceil((inbox.data?.total ?? 0) / INBOX_PAGE_SIZE));
  const choose = (next: InboxSource | undefined) => {
    setSource(next);
    setPage(1);
  };

  return (
    <section aria-labelledby="inbox-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="inbox-heading" className="text-xl font-semibold">
          {t('inbox.title')}
        </h2>
        <div role="group" aria-label={t('inbox.filter')} className="flex gap-2">
          {[undefined, ...inboxSources].map((option) => (
            <Button
              key={option ?? 'all'}
              size="sm"
              variant={option === source ? 'default' : 'outline'}
              aria-pressed={option === source}
              onClick={() => choose(option)}
            >
              {option ? t(`inbox.sources.${option}`) : t('inbox.all')}
            </Button>
          ))}
        </div>
      </div>
      {inbox.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t('inbox.failed')}
        </p>
      ) : inbox.data === undefined ? (
        <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
      ) : inbox.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inbox.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {inbox.data.messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('inbox.pagesLabel')} />
    </section>
  );
}
