import { MessageSquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MAX_MESSAGE_LENGTH } from '#common/conversations';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';
import { paths } from '../../paths';
import { useEnquire } from './api';

/** The first questions renters ask here (issue 37), offered in the reader's language. */
const suggestions = ['available', 'advance', 'viewing'] as const;

/**
 * "Message the lister" (issue 37): the contact page's first action. A renter writes, or picks
 * a suggested question, and goes on in the inbox; the conversation stays inside Abode, where a
 * request for money before a viewing is flagged.
 */
export function EnquiryForm({ propertyId, title }: { propertyId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enquire = useEnquire(propertyId);
  const [text, setText] = useState('');
  const needsVerification =
    enquire.error instanceof ApiRequestError &&
    enquire.error.code === 'enquiry_needs_verified_contact';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || enquire.isPending) return;
    enquire.mutate(message, {
      onSuccess: ({ conversationId }) => void navigate(paths.messages(conversationId)),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="enquiry-title" className="grid gap-3">
      <h2 id="enquiry-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquare aria-hidden className="size-5 text-primary" />
        {t('enquiry.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('enquiry.intro', { title })}</p>
      <div role="group" aria-label={t('enquiry.suggestionsLabel')} className="flex flex-wrap gap-2">
        {suggestions.map((key) => (
          <Button
            key={key}
            type="button"
            variant="outline"
            size="sm"
            className="h-auto whitespace-normal py-1.5 text-left"
            onClick={() => {
              const question = t(`enquiry.suggestions.${key}`);
              setText((current) => (current.trim() ? `${current.trim()}\n${question}` : question));
            }}
          >
            {t(`enquiry.suggestions.${key}`)}
          </Button>
        ))}
      </div>
      <label htmlFor="enquiry-message" className="text-sm font-medium">
        {t('enquiry.messageLabel')}
      </label>
      <Textarea
        id="enquiry-message"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MAX_MESSAGE_LENGTH}
        rows={4}
        aria-invalid={enquire.isError || undefined}
        aria-describedby={enquire.isError ? 'enquiry-error' : undefined}
      />
      {enquire.isError ? (
        <p id="enquiry-error" role="alert" className="text-sm text-destructive">
          {apiErrorText(t, enquire.error, t('enquiry.failed'))}{' '}
          {needsVerification ? (
            <Link to={paths.accountSettings()} className="underline">
              {t('enquiry.verify')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={enquire.isPending || !text.trim()}>
        {t('enquiry.send')}
      </Button>
    </form>
  );
}
