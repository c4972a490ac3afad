import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

/**
 * The device's share sheet where there is one (a phone: WhatsApp, SMS…), with a line naming
 * the listing; elsewhere the link goes to the clipboard.
 */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('property.shareText', { title }), url });
      } catch {
        // Closing the share sheet is not an error worth a toast.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('property.linkCopied') });
    } catch {
      toast({ title: t('property.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Button type="button" variant="outline" className="flex-1" onClick={() => void share()}>
      <Share2 aria-hidden />
      {t('property.share')}
    </Button>
  );
}
