import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { CONVERSATIONS_PAGE_SIZE, type ConversationSummary } from '#common/conversations';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { PageSpinner } from '../../components/ui/spinner';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, formatZonedTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useConversations } from './api';
import { ConversationView } from './conversation-view';
import { otherPartyName } from '../../lib/party-name';

/**
 * The inbox (issue 37): /messages lists the reader's conversations, as renter and as lister;
 * /messages/:id opens one. Wide screens show both side by side; a phone (390 px) shows the list,
 * then the conversation with a way back.
 */
export default function MessagesPage() {
  const { user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(pathname)} replace />;
  return <Inbox />;
}

function Inbox() {
  const { t } = useTranslation();
  const { id } = useParams();
  useDocumentTitle(t('messages.title'));
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
      <h1 className={cn('text-2xl font-bold', id && 'sr-only md:not-sr-only')}>
        {t('messages.title')}
      </h1>
      <div className="mt-4 grid gap-6 md:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={cn(id && 'hidden md:block')}>
          <ConversationList openId={id} />
        </div>
        {id ? (
          <div className="min-w-0">
            <Button asChild variant="ghost" size="sm" className="mb-2 md:hidden">
              <Link to={paths.messages()}>
                <ArrowLeft aria-hidden />
                {t('messages.back')}
              </Link>
            </Button>
            <ConversationView key={id} id={id} />
          </div>
        ) : (
          <p className="hidden items-center gap-2 self-start rounded-xl border border-dashed border-zinc-300 p-6 text-muted-foreground md:flex">
            <MessageSquare aria-hidden className="size-5" />
            {t('messages.pick')}
          </p>
        )}
      </div>
    </div>
  );
}

function ConversationList({ openId }: { openId: string | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useConversations(page);
  if (list.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-2">
        {Array.from({ length: 4 }, (_, n) => (
          <Skeleton key={n} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="rounded-xl border border-border p-4 text-sm">
        <p>{t('messages.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          {t('messages.retry')}
        </Button>
      </div>
    );
  }
  if (list.data.total === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-300 p-6 text-sm text-muted-foreground">
        <p>{t('messages.empty')}</p>
        <Link to={paths.search()} className="mt-2 inline-block font-medium text-primary underline">
          {t('messages.findPlace')}
        </Link>
      </div>
    );
  }
  return (
    <nav aria-label={t('messages.listLabel')}>
      {/* One column that never grows past its track: long titles truncate, not overflow. */}
      <ul className="grid grid-cols-1 gap-1">
        {list.data.conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationItem conversation={conversation} open={conversation.id === openId} />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pages={Math.ceil(list.data.total / CONVERSATIONS_PAGE_SIZE)}
        label={t('messages.pagesLabel')}
        onPage={setPage}
        className="mt-4"
      />
    </nav>
  );
}

function ConversationItem({
  conversation,
  open,
}: {
  conversation: ConversationSummary;
  open: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { property, lastMessage, unreadCount } = conversation;
  return (
    <Link
      to={paths.messages(conversation.id)}
      aria-current={open ? 'page' : undefined}
      className={cn(
        'flex gap-3 rounded-lg p-2 hover:bg-muted',
        open && 'bg-primary-soft/60 hover:bg-primary-soft/60',
      )}
    >
      <span className="size-14 shrink-0 overflow-hidden rounded-md bg-muted">
        {property.image ? (
          <img src={property.image} alt="" className="size-full object-cover" loading="lazy" />
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
            {otherPartyName(t, conversation)}
          </span>
          <time dateTime={lastMessage.sentAt} className="shrink-0 text-xs text-muted-foreground">
            {formatDateTime(lastMessage.sentAt, i18n.language)}
          </time>
        </span>
        <span className="flex items-center gap-2 text-sm text-zinc-700">
          <span className="truncate">
            {conversation.asLister ? t('messages.aboutYours') : null}
            {property.title}
          </span>
          {property.state !== 'available' ? (
            <Badge variant="outline" className="shrink-0">
              {t(`messages.listingBadge.${property.state}`)}
            </Badge>
          ) : null}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm text-muted-foreground">
            {lastMessage.fromMe ? t('messages.you') : null}
            {lastMessage.event
              ? t(`messages.viewing.${lastMessage.event.step}`, {
                  time: formatZonedTime(
                    lastMessage.event.startsAt,
                    lastMessage.event.timeZone,
                    i18n.language,
                  ),
                })
              : lastMessage.body}
          </span>
          {unreadCount > 0 ? (
            <Badge variant="count">
              <span aria-hidden>{unreadCount}</span>
              <span className="sr-only">{t('messages.unread', { count: unreadCount })}</span>
            </Badge>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
