import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationMessage } from '#common/conversations';

/** The warning under a message that asks for money before a viewing (the recipient's copy). */
export function PaymentWarning({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation();
  if (!message.warnings.includes('payment_before_viewing')) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-start text-sm text-amber-950"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('messages.paymentWarning')}
    </p>
  );
}
