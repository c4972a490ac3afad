import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConversationUpdates, useUnreadCount } from '../features/conversations';
import { paths } from '../paths';
import { Button } from '../components/ui/button';
import { CountBadge } from '../components/ui/count-badge';

/**
 * The header's way to the inbox (issue 37), with the unread count, kept current by the live
 * stream (so a new message shows without a reload, on every page of a signed-in reader).
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const current = useLocation().pathname.startsWith(paths.messages());
  useConversationUpdates(true);
  const unread = useUnreadCount(true) ?? 0;
  const label = unread > 0 ? t('header.messagesUnread', { count: unread }) : t('header.messages');
  return (
    <Button asChild variant={current ? 'secondary' : 'ghost'} size="icon" className="relative">
      <Link to={paths.messages()} aria-label={label} aria-current={current ? 'page' : undefined}>
        <MessageSquare aria-hidden />
        <CountBadge count={unread} />
      </Link>
    </Button>
  );
}
