import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notificationSettingsSchema, type NotificationSettings } from '#common/auth';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { apiRequest } from '../../lib/api-client';
import { toast } from '../../lib/toast';

const settingsKey = ['/api/account/notifications'] as const;

/**
 * Whether unread messages are told by e-mail and by text message (issue 37): on by default,
 * each channel turned off here. The reminder goes by e-mail when there is a verified address,
 * else by SMS to a verified number.
 */
export function MessageNotificationsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: async () =>
      notificationSettingsSchema.parse(await apiRequest('GET', '/api/account/notifications')),
  });
  const save = useMutation({
    mutationFn: async (next: NotificationSettings) =>
      notificationSettingsSchema.parse(await apiRequest('PUT', '/api/account/notifications', next)),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    onError: () =>
      toast({ title: t('accountSettings.messageNotifications.failed'), variant: 'destructive' }),
  });
  const current = save.isPending ? save.variables : settings.data;
  const channels = [
    { key: 'messagesByEmail', label: t('accountSettings.messageNotifications.email') },
    { key: 'messagesBySms', label: t('accountSettings.messageNotifications.sms') },
  ] as const;
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden className="size-5 text-primary" />
        {t('accountSettings.messageNotifications.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('accountSettings.messageNotifications.text')}
      </p>
      <div className="mt-4 grid gap-3">
        {channels.map(({ key, label }) => (
          <div key={key} className="flex items-center justify-between gap-4">
            <Label htmlFor={`notify-${key}`}>{label}</Label>
            <Switch
              id={`notify-${key}`}
              checked={current?.[key] ?? false}
              disabled={!current || save.isPending}
              onCheckedChange={(checked) => current && save.mutate({ ...current, [key]: checked })}
            />
          </div>
        ))}
      </div>
    </Card>
  );
}
