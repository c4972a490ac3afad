import { Pencil, Search, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import {
  alertChannels,
  alertFrequencies,
  MAX_SAVED_SEARCH_NAME,
  type SavedSearch,
  type SavedSearchPatch,
} from '#common/saved-searches';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { formatDate } from '../../lib/dates';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { ChannelHint, usableChannels } from './alert-channels';
import { useDeleteSavedSearch, useUpdateSavedSearch } from './api';
import { searchSummary } from './describe-search';

/**
 * One saved search: what it looks for, how its alerts come (changed in place, one PATCH per
 * change), its alerts so far, and the ways to open, rename or delete it.
 */
export function SavedSearchItem({ saved, user }: { saved: SavedSearch; user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const usable = usableChannels(user);
  // While a change is on its way the select shows it, rather than snapping back until the
  // answer; a refusal puts the saved value back.
  const pending = update.isPending ? update.variables.patch : {};

  const change = (patch: SavedSearchPatch, after?: () => void) =>
    update.mutate(
      { id: saved.id, patch },
      {
        onSuccess: () => {
          toast({ title: t('savedSearches.page.updated') });
          after?.();
        },
        onError: (error) =>
          toast({
            title: apiErrorText(t, error, t('savedSearches.page.updateFailed')),
            variant: 'destructive',
          }),
      },
    );

  const onDelete = () =>
    remove.mutate(saved.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        toast({
          title: apiErrorText(t, error, t('savedSearches.page.deleteFailed')),
          variant: 'destructive',
        });
      },
    });

  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        {renaming ? (
          <RenameForm
            name={saved.name}
            pending={update.isPending}
            onSave={(name) => change({ name }, () => setRenaming(false))}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words text-lg font-semibold">{saved.name}</h2>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('savedSearches.page.renameNamed', { name: saved.name })}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden />
              {t('savedSearches.page.rename')}
            </Button>
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          {searchSummary(t, i18n.language, saved.query)}
        </p>
        <p className="text-sm text-zinc-700">
          {/* "No alerts yet" says it all; the count joins the date once there is one. */}
          {saved.lastAlertAt
            ? `${t('savedSearches.page.lastAlert', {
                date: formatDate(saved.lastAlertAt, i18n.language),
              })} · ${t('savedSearches.page.alertCount', { count: saved.alertCount })}`
            : t('savedSearches.page.noAlerts')}
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('savedSearches.channel.label')}
          value={pending.channel ?? saved.channel}
          options={alertChannels}
          text={(channel) => t(`savedSearches.channel.${channel}`)}
          // A channel the user cannot use is offered only when it is the current one.
          disabled={(channel) => !usable[channel] && channel !== saved.channel}
          busy={update.isPending}
          onChange={(channel) => change({ channel })}
        />
        <Select
          label={t('savedSearches.frequency.label')}
          value={pending.frequency ?? saved.frequency}
          options={alertFrequencies}
          text={(frequency) => t(`savedSearches.frequency.${frequency}`)}
          disabled={() => false}
          busy={update.isPending}
          onChange={(frequency) => change({ frequency })}
        />
      </div>
      {!usable[saved.channel] ? <ChannelHint channel={saved.channel} user={user} /> : null}

      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.search(saved.query)}>
            <Search aria-hidden />
            {t('savedSearches.page.open')}
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          aria-label={t('savedSearches.page.deleteNamed', { name: saved.name })}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
          {t('savedSearches.page.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('savedSearches.page.deleteTitle')}
        text={t('savedSearches.page.deleteText', { name: saved.name })}
        confirmText={t('savedSearches.page.delete')}
        pendingText={t('savedSearches.page.deleting')}
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function Select<V extends string>({
  label,
  value,
  options,
  text,
  disabled,
  busy,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly V[];
  text: (option: V) => string;
  disabled: (option: V) => boolean;
  busy: boolean;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={busy}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option} value={option} disabled={disabled(option)}>
            {text(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The name in a box: saved on Enter or Save; blank is refused here, as the server would. */
function RenameForm({
  name,
  pending,
  onSave,
  onCancel,
}: {
  name: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setError(t('validation.required'));
    onSave(trimmed);
  };
  return (
    <form noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit}>
      <FormField id={id} label={t('savedSearches.name')} error={error}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            value={value}
            maxLength={MAX_SAVED_SEARCH_NAME}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {t('savedSearches.dialog.save')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
