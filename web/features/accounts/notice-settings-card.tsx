import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { noticeChannels, noticeSettingsSchema, type NoticeSettings } from '#common/auth';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { SubmitButton } from '../../components/ui/submit-button';
import { apiRequest } from '../../lib/api-client';
import { failureText } from '../../lib/field-errors';
import { toast } from '../../lib/toast';

const settingsKey = ['/api/account/notification-settings'] as const;
const kinds = ['enquiries', 'viewings', 'reviews'] as const;

/**
 * Notifications (issue 50): per kind of notice (enquiries and unread messages, viewings,
 * review invitations) e-mail, SMS, both (e-mail, else SMS) or none. The app shows everything
 * whatever is chosen; codes and password resets are not asked about.
 */
export function NoticeSettingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: async () =>
      noticeSettingsSchema.parse(await apiRequest('GET', '/api/account/notification-settings')),
  });
  const save = useMutation({
    mutationFn: async (next: NoticeSettings) =>
      noticeSettingsSchema.parse(
        await apiRequest('PUT', '/api/account/notification-settings', next),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The older switches of unread messages read the same setting.
      void queryClient.invalidateQueries({ queryKey: ['/api/account/notifications'] });
    },
  });
  const form = useForm<NoticeSettings>({
    resolver: zodResolver(noticeSettingsSchema),
    defaultValues: { enquiries: 'both', viewings: 'both', reviews: 'both' },
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    // Nothing to save over before the account's own choices are shown.
    if (!settings.data) return;
    try {
      reset(await save.mutateAsync(values));
      toast({ title: t('accountSettings.noticeSettings.saved') });
    } catch (error) {
      toast({
        title: t('accountSettings.errorTitle'),
        description: failureText(t, error, 'accountSettings.noticeSettings.failed'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <h2 id="notice-settings-heading" className="flex items-center gap-2 text-xl font-semibold">
          <BellRing className="size-5 text-primary" aria-hidden />
          {t('accountSettings.noticeSettings.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('accountSettings.noticeSettings.text')}</p>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="notice-settings-heading"
          className="grid max-w-md gap-4"
        >
          {kinds.map((kind) => (
            <div key={kind} className="grid min-w-0 gap-2">
              <Label htmlFor={`notices-${kind}`}>
                {t(`accountSettings.noticeSettings.${kind}`)}
              </Label>
              <select
                id={`notices-${kind}`}
                disabled={!settings.data}
                className="h-11 w-full min-w-0 rounded-md border border-border bg-background px-3"
                {...form.register(kind)}
              >
                {noticeChannels.map((channel) => (
                  <option key={channel} value={channel}>
                    {t(`accountSettings.noticeSettings.channels.${channel}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <p className="text-sm text-muted-foreground">
            {t('accountSettings.noticeSettings.verifiedOnly')}
          </p>
          <div>
            <SubmitButton
              pending={save.isPending}
              pendingText={t('accountSettings.noticeSettings.saving')}
            >
              {t('accountSettings.noticeSettings.save')}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
