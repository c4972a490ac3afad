import { Ban, Check, CheckCheck, Info } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_MESSAGE_LENGTH, type ConversationMessage } from '#common/conversations';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useLiveEvent } from '../../lib/live-events';
import { apiErrorText } from '../../lib/server-messages';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { ReportConversation } from '../reports';
import { useBlock, useConversation, useMessages, useSendMessage } from './api';
import { MessageText } from './message-text';
import { PaymentWarning } from './payment-warning';
import { ViewingEventLine } from './viewing-event';
import { otherPartyName } from '../../lib/party-name';

/** One conversation: its listing, the messages (newest at the bottom) and the answer box. */
export function ConversationView({ id }: { id: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const { refetch } = messages;
  // A message arriving here while the reader looks at it is read: asking for the newest page
  // again marks it so (the header's count follows).
  useLiveEvent('conversation.message', ({ conversationId, message }) => {
    if (conversationId !== id || message.fromMe) return;
    if (document.visibilityState === 'visible') void refetch();
  });

  if (conversation.isError || messages.isError) {
    const error = conversation.error ?? messages.error;
    const gone = error instanceof ApiRequestError && error.status === 404;
    return (
      <div className="rounded-xl border border-border p-6">
        <p>{gone ? t('messages.notFound') : t('messages.loadFailed')}</p>
        <Link to={paths.messages()} className="mt-2 inline-block text-primary underline">
          {t('messages.back')}
        </Link>
      </div>
    );
  }
  if (conversation.isPending || messages.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  const { property, blockedByMe, asLister } = conversation.data;
  // Oldest first on screen; the pages come newest first.
  const shown = messages.data.pages.flatMap((page) => page.messages).reverse();
  return (
    <section aria-labelledby="conversation-title" className="grid gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-3">
        <div className="min-w-0">
          <h2 id="conversation-title" className="truncate text-lg font-semibold">
            {otherPartyName(t, conversation.data)}
          </h2>
          {property.id ? (
            <Link to={paths.property(property.id)} className="text-sm text-primary underline">
              {property.title}
            </Link>
          ) : (
            <p className="text-sm text-muted-foreground">{property.title}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* The renter reports the listing with the conversation; a lister blocks. */}
          {asLister ? null : (
            <ReportConversation
              conversationId={id}
              title={property.title}
              name={otherPartyName(t, conversation.data)}
            />
          )}
          <BlockButton id={id} blocked={blockedByMe} name={otherPartyName(t, conversation.data)} />
        </div>
      </header>
      {property.state !== 'available' ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-border bg-muted p-3 text-sm"
        >
          <Info aria-hidden className="size-4 shrink-0" />
          {t(`messages.listingState.${property.state}`)}
        </p>
      ) : null}
      {messages.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          disabled={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          {t('messages.older')}
        </Button>
      ) : null}
      <ol aria-label={t('messages.messagesLabel')} className="grid gap-3">
        {shown.map((message) => (
          <li
            key={message.id}
            className={cn('grid', message.fromMe && !message.event && 'justify-items-end')}
          >
            {message.event ? (
              <ViewingEventLine message={message} event={message.event} />
            ) : (
              <MessageBubble message={message} />
            )}
          </li>
        ))}
      </ol>
      <Composer id={id} name={otherPartyName(t, conversation.data)} />
    </section>
  );
}

function MessageBubble({ message }: { message: ConversationMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid max-w-[85%] gap-1">
      <div
        className={cn(
          'rounded-2xl px-4 py-2',
          message.fromMe ? 'bg-primary text-primary-foreground' : 'bg-muted text-zinc-900',
        )}
      >
        <MessageText body={message.body} />
      </div>
      <p
        className={cn(
          'flex items-center gap-1 text-xs text-muted-foreground',
          message.fromMe && 'justify-end',
        )}
      >
        <time dateTime={message.sentAt}>{formatDateTime(message.sentAt, i18n.language)}</time>
        {message.fromMe ? (
          message.readAt ? (
            <>
              <CheckCheck aria-hidden className="size-3.5" />
              <span>{t('messages.read')}</span>
            </>
          ) : (
            <>
              <Check aria-hidden className="size-3.5" />
              <span>{t('messages.sent')}</span>
            </>
          )
        ) : null}
      </p>
      <PaymentWarning message={message} />
    </div>
  );
}

function Composer({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(id);
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  // Opened or answered: the newest message and the box are in view.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [send.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || send.isPending) return;
    send.mutate(message, {
      onSuccess: () => {
        setText('');
        box.current?.focus();
      },
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor="message-answer" className="sr-only">
        {t('messages.answerLabel', { name })}
      </label>
      <Textarea
        ref={box}
        id="message-answer"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MAX_MESSAGE_LENGTH}
        rows={3}
        placeholder={t('messages.answerPlaceholder')}
        aria-invalid={send.isError || undefined}
        aria-describedby={send.isError ? 'message-error' : undefined}
      />
      {send.isError ? (
        <p id="message-error" role="alert" className="text-sm text-destructive">
          {apiErrorText(t, send.error, t('messages.sendFailed'))}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-end" disabled={send.isPending || !text.trim()}>
        {t('messages.send')}
      </Button>
      <div ref={bottom} />
    </form>
  );
}

function BlockButton({ id, blocked, name }: { id: string; blocked: boolean; name: string }) {
  const { t } = useTranslation();
  const block = useBlock(id);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={block.isPending}
      onClick={() => block.mutate(!blocked)}
    >
      <Ban aria-hidden />
      {blocked ? t('messages.unblock', { name }) : t('messages.block', { name })}
    </Button>
  );
}
