import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useCurrentUser } from '../auth';
import { signInToSaveUrl, useToggleFavorite } from './api';
import { apiErrorReason, apiErrorText } from '../../lib/server-messages';

/**
 * The heart of a listing. Visitors follow it to sign in (spec, roles); signed-in users toggle at once,
 * and a failure puts the heart back and shows the toast of the screen it is on (spec, errors).
 */
export function FavoriteButton({
  property,
  variant,
}: {
  property: Pick<Property, 'id' | 'title' | 'isFavorite'>;
  /** "card" floats over a card's photo; "detail" is a labelled button on the listing page. */
  variant: 'card' | 'detail';
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isLoading } = useCurrentUser();
  const toggle = useToggleFavorite();
  const saved = Boolean(user) && property.isFavorite;

  const onClick = () => {
    if (!user) return;
    toggle.mutate(
      { id: property.id, save: !saved },
      {
        // Offline, the reason says it needs a connection (lib/server-messages).
        onError: (error) =>
          variant === 'card'
            ? toast({
                title: t('favorites.errorTitle'),
                description: apiErrorText(t, error, t('favorites.cardError')),
                variant: 'destructive',
              })
            : toast({
                title: t('favorites.detailError'),
                description: apiErrorReason(t, error),
                variant: 'destructive',
              }),
      },
    );
  };

  const heart = (
    <Heart
      aria-hidden
      className={cn(saved ? 'fill-red-600 text-red-600' : 'text-zinc-700', 'transition-colors')}
    />
  );

  const card = variant === 'card';
  const label = card
    ? saved
      ? t('favorites.removeNamed', { title: property.title })
      : t('favorites.saveNamed', { title: property.title })
    : undefined;
  const look = card
    ? 'relative z-10 size-10 rounded-full border-white/80 bg-white/95 shadow-sm hover:bg-white'
    : 'flex-1';
  const content = (
    <>
      {heart}
      {card ? null : saved ? t('favorites.saved') : t('favorites.save')}
    </>
  );

  // A visitor's heart is a link to sign in, through the server, and back here: it works
  // before any script has run (issue 36).
  if (!user && !isLoading) {
    return (
      <Button asChild variant="outline" size={card ? 'icon' : 'default'} className={look}>
        <a href={signInToSaveUrl(location, property.id)} aria-label={label}>
          {content}
        </a>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      size={card ? 'icon' : 'default'}
      aria-pressed={saved}
      aria-label={label}
      disabled={isLoading}
      onClick={onClick}
      className={look}
    >
      {content}
    </Button>
  );
}
