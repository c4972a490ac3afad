import { CheckCircle2, Mail, Phone, Reply, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INBOX_PAGE_SIZE,
  inboxSources,
  inboxStatuses,
  MAX_REPLY_LENGTH,
  type InboxMessage,
  type InboxReply,
  type InboxSource,
  type InboxStatus,
} from '#common/inbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { Pager } from '../../components/ui/pager';
import { formatDateTime } from '../../lib/dates';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useInbox, useReplyToMessage, useSetHandled } from './api';

const nameOf = (admin: InboxReply['admin']) =>
  admin ? `${admin.firstName} ${admin.lastName}`.trim() : null;

function MessageCard({ message }: { message: InboxMessage }) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const setHandled = useSetHandled();
  const handled = message.status === 'handled';
  const headingId = `inbox-message-${message.id}`;
  const about = [
    message.category ? t(`support.categories.${message.category}`) : null,
    message.userType ? t(`contact.form.userTypes.${message.userType}`) : null,
    message.contactMethod
      ? t('inbox.prefers', { method: t(`contact.form.methods.${message.contactMethod}`) })
      : null,
  ].filter(Boolean);
  const toggle = () =>
    setHandled.mutate(
      { id: message.id, isHandled: !handled },
      {
        onError: (error) =>
          toast({
            title: apiErrorText(t, error, t('inbox.markFailed')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="p-5">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="break-words font-semibold">
            {message.subject}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{t(`inbox.sources.${message.source}`)}</Badge>
            <Badge
              className={handled ? 'bg-emerald-100 text-emerald-900' : 'bg-sky-100 text-sky-900'}
            >
              {t(`inbox.statuses.${message.status}`)}
            </Badge>
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

        {message.replies.length > 0 ? (
          <section aria-label={t('inbox.answers')} className="mt-4 grid gap-2">
            {message.replies.map((reply) => (
              <div
                key={reply.id}
                className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm"
              >
                <p className="text-emerald-950">
                  {t('inbox.answeredBy', {
                    name: nameOf(reply.admin) ?? t('inbox.formerAdministrator'),
                    date: formatDateTime(reply.createdAt, i18n.language),
                    to: reply.to,
                  })}
                  {reply.sent ? null : (
                    <Badge variant="accent" className="ml-2">
                      {t('inbox.notSentYet')}
                    </Badge>
                  )}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-zinc-900">
                  {reply.message}
                </p>
              </div>
            ))}
          </section>
        ) : null}

        {/* An answer handles its message at once: the answer's line says who and when. */}
        {handled && message.replies.at(-1)?.createdAt !== message.handledAt ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {t('inbox.handledBy', {
              name: nameOf(message.handledBy) ?? t('inbox.formerAdministrator'),
              date: formatDateTime(message.handledAt!, i18n.language),
            })}
          </p>
        ) : null}

        {!message.canReply ? (
          <p role="note" className="mt-3 rounded-lg bg-zinc-100 p-3 text-sm text-zinc-800">
            {message.phone ? t('inbox.noEmailCall', { phone: message.phone }) : t('inbox.noEmail')}
          </p>
        ) : null}

        {replying ? (
          <ReplyForm message={message} onDone={() => setReplying(false)} />
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            {message.canReply ? (
              <Button
                size="sm"
                onClick={() => setReplying(true)}
                aria-label={t('inbox.replyLabel', { subject: message.subject })}
              >
                <Reply aria-hidden />
                {t('inbox.reply')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={setHandled.isPending}
              onClick={toggle}
              aria-label={t(handled ? 'inbox.reopenLabel' : 'inbox.markHandledLabel', {
                subject: message.subject,
              })}
            >
              {handled ? <RotateCcw aria-hidden /> : <CheckCircle2 aria-hidden />}
              {t(handled ? 'inbox.reopen' : 'inbox.markHandled')}
            </Button>
          </div>
        )}
      </article>
    </Card>
  );
}

/** The answer, sent to the sender's e-mail; sending it marks the message handled. */
function ReplyForm({ message, onDone }: { message: InboxMessage; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reply = useReplyToMessage();
  const id = `inbox-reply-${message.id}`;
  const send = () => {
    if (!text.trim()) {
      setError(t('validation.required'));
      return;
    }
    reply.mutate(
      { id: message.id, message: text },
      {
        onSuccess: () => {
          toast({
            title: t('inbox.replySent'),
            description: t('inbox.replySentText', { email: message.email }),
          });
          onDone();
        },
        onError: (failure) => setError(apiErrorText(t, failure, t('inbox.replyFailed'))),
      },
    );
  };
  return (
    <form
      className="mt-4 grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <FormField id={id} label={t('inbox.replyTo', { email: message.email })} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={MAX_REPLY_LENGTH}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <p className="text-xs text-muted-foreground">{t('inbox.replyHint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          <Mail aria-hidden />
          {t('inbox.send')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The admin panel's Messages tab: support and contact messages, newest first. */
export default function InboxTab() {
  const { t } = useTranslation();
  const [source, setSource] = useState<InboxSource | undefined>();
  const [status, setStatus] = useState<InboxStatus | undefined>();
  const [page, setPage] = useState(1);
  const inbox = useInbox({ source, status, page });
  const pages = Math.max(1, Math.ceil((inbox.data?.total ?? 0) / INBOX_PAGE_SIZE));
  const chooseSource = (next: InboxSource | undefined) => {
    setSource(next);
    setPage(1);
  };
  const chooseStatus = (next: InboxStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <section aria-labelledby="inbox-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="inbox-heading" className="text-xl font-semibold">
          {t('inbox.title')}
        </h2>
        <div className="flex flex-wrap gap-x-3 gap-y-2">
          <div role="group" aria-label={t('inbox.statusFilter')} className="flex gap-2">
            {[undefined, ...inboxStatuses].map((option) => (
              <Button
                key={option ?? 'all'}
                size="sm"
                variant={option === status ? 'default' : 'outline'}
                aria-pressed={option === status}
                onClick={() => chooseStatus(option)}
              >
                {option ? t(`inbox.statuses.${option}`) : t('inbox.anyStatus')}
              </Button>
            ))}
          </div>
          <div
            role="group"
            aria-label={t('inbox.filter')}
            className="flex gap-2 border-border sm:border-l sm:pl-3"
          >
            {[undefined, ...inboxSources].map((option) => (
              <Button
                key={option ?? 'all'}
                size="sm"
                variant={option === source ? 'default' : 'outline'}
                aria-pressed={option === source}
                onClick={() => chooseSource(option)}
              >
                {option ? t(`inbox.sources.${option}`) : t('inbox.all')}
              </Button>
            ))}
          </div>
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
