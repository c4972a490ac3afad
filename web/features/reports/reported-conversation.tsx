import { MessagesSquare, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, formatZonedTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { useReportedConversation } from './api';

/**
 * The conversation a report was sent from (issue 37), read-only, for the administrator looking
 * at the report: closed until asked for, because every reading goes into the audit log.
 */
export function ReportedConversation({ reportId }: { reportId: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const conversation = useReportedConversation(reportId, open);
  const panelId = `reported-conversation-${reportId}`;
  const first = conversation.data?.pages[0];
  // Oldest first on screen, as the parties read it; the pages come newest first.
  const shown = conversation.data?.pages.flatMap((page) => page.messages).reverse() ?? [];
  return (
    <div className="mt-1 grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <MessagesSquare aria-hidden />
          {open ? t('reportedConversation.hide') : t('reportedConversation.read')}
        </Button>
        <span className="text-xs text-muted-foreground">{t('reportedConversation.audited')}</span>
      </div>
      {open ? (
        <div id={panelId} className="grid gap-2 rounded-lg border border-border p-3">
          {conversation.isPending ? <Spinner /> : null}
          {conversation.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('reportedConversation.loadFailed')}
            </p>
          ) : null}
          {first ? (
            <>
              <p className="text-xs text-muted-foreground">
                {t('reportedConversation.renter', { name: first.renter.name })}
                {' · '}
                {t('reportedConversation.lister', { name: first.lister.name })}
              </p>
              {conversation.hasNextPage ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="justify-self-center"
                  disabled={conversation.isFetchingNextPage}
                  onClick={() => void conversation.fetchNextPage()}
                >
                  {t('reportedConversation.older')}
                </Button>
              ) : null}
              {shown.length === 0 ? (
                <p className="text-sm">{t('reportedConversation.empty')}</p>
              ) : (
                <ol aria-label={t('reportedConversation.label')} className="grid gap-2">
                  {shown.map((message) => (
                    <li
                      key={message.id}
                      className={cn(
                        'grid max-w-[85%] gap-0.5 rounded-lg px-3 py-2 text-sm',
                        message.from === 'lister'
                          ? 'bg-muted'
                          : 'justify-self-end bg-primary-soft/60',
                      )}
                    >
                      <span className="text-xs text-muted-foreground">
                        {message.from === 'lister'
                          ? t('reportedConversation.lister', { name: first.lister.name })
                          : t('reportedConversation.renter', { name: first.renter.name })}
                        {' · '}
                        <time dateTime={message.sentAt}>
                          {formatDateTime(message.sentAt, i18n.language)}
                        </time>
                      </span>
                      {message.event ? (
                        <span className="font-medium">
                          {t(`messages.viewing.${message.event.step}`, {
                            time: formatZonedTime(
                              message.event.startsAt,
                              message.event.timeZone,
                              i18n.language,
                            ),
                          })}
                        </span>
                      ) : null}
                      {/* Text only, links not followable: an administrator reads, never visits. */}
                      <span className="whitespace-pre-line break-words">{message.body}</span>
                      {message.warnings.includes('payment_before_viewing') ? (
                        <span className="flex items-center gap-1 text-xs font-medium text-amber-900">
                          <ShieldAlert aria-hidden className="size-3.5" />
                          {t('reportedConversation.warned')}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
