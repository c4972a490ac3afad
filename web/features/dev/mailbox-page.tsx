import { Mail, MessageSquare, Paperclip, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useOutbox } from './api';
import { LinkifiedText } from './linkified-text';

/** /dev/mailbox: what the app would have sent by mail or SMS, newest first (development). */
export default function MailboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('mailbox.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('mailbox.subtitle')}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw aria-hidden className={outbox.isFetching ? 'animate-spin' : undefined} />
          {t('mailbox.refresh')}
        </Button>
      </div>
      {outbox.isLoading ? <PageSpinner /> : null}
      {outbox.isError ? (
        <p role="alert" className="mt-8 text-destructive">
          {t('mailbox.unavailable')}
        </p>
      ) : null}
      {outbox.data?.length === 0 ? (
        <p className="mt-8 rounded-md bg-muted p-6 text-center text-muted-foreground">
          {t('mailbox.empty')}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-4">
        {outbox.data?.map((message) => (
          <li key={message.id}>
            <Card>
              <CardHeader className="pb-3">
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  {message.channel === 'email' ? (
                    <Mail className="size-4" aria-hidden />
                  ) : (
                    <MessageSquare className="size-4" aria-hidden />
                  )}
                  <span>{t(`mailbox.${message.channel}`)}</span>
                  <span aria-hidden>·</span>
                  <time dateTime={message.createdAt}>
                    {time.format(new Date(message.createdAt))}
                  </time>
                </p>
                <h2 className="text-base font-semibold">
                  {message.subject ?? t('mailbox.noSubject')}
                </h2>
                <p className="text-sm">{t('mailbox.to', { recipient: message.recipient })}</p>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap text-sm">
                  <LinkifiedText text={message.textBody} />
                </p>
                {message.attachments.length > 0 ? (
                  <ul aria-label={t('mailbox.attachments')} className="mt-3 grid gap-1 text-sm">
                    {message.attachments.map((file) => (
                      <li key={file.filename} className="flex items-center gap-2">
                        <Paperclip className="size-4" aria-hidden />
                        <a
                          className="underline"
                          download={file.filename}
                          href={`data:${file.contentType.split(';')[0]};charset=utf-8,${encodeURIComponent(file.content)}`}
                        >
                          {file.filename}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
