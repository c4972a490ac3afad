import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE, type AdminProperty } from '#common/admin';
import { ListSection, pageCount, QueryStates } from '../../components/list-kit';
import { ReasonDialog } from '../../components/reason-dialog';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { AccessDenied } from '../auth';
import { AdminPropertyRow } from './admin-property-row';
import { useAdminProperties, useDeleteProperty, useSetVisibility } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { hideReason } from './listing-reasons';
import {
  readPropertyFilters,
  statusFilters,
  withPropertyFilters,
  type PropertyFilters,
} from './property-filters';
import { useApproveListing } from './use-approve-listing';

/** The Properties tab (spec): every listing, searched and filtered, 20 a page, with actions. */
export function PropertiesTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readPropertyFilters(params);
  const list = useAdminProperties(filters);
  const go = (next: PropertyFilters) => setParams(withPropertyFilters(params, next));

  return (
    <ListSection id="admin-properties" title={t('admin.properties.title')}>
      <FilterForm
        // A new URL (back, forward) starts the form again from its values.
        key={`${filters.search}|${filters.status}`}
        filters={filters}
        onChange={(next) => go({ ...next, page: 1 })}
      />
      <QueryStates
        query={list}
        failed={
          <AccessDenied
            level={2}
            onRetry={refused(list.error) ? undefined : () => void list.refetch()}
          />
        }
        loading={<RowSkeletons />}
      >
        {(data) => (
          // While another page or filter loads, the last one stays, dimmed.
          <div
            aria-busy={list.isPlaceholderData}
            className={list.isPlaceholderData ? 'grid gap-4 opacity-60' : 'grid gap-4'}
          >
            <p className="text-sm text-muted-foreground" role="status">
              {t('admin.properties.count', { count: data.total })}
            </p>
            {data.properties.length > 0 ? (
              <PropertyList properties={data.properties} />
            ) : (
              <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-muted-foreground">
                {t('admin.properties.empty')}
              </p>
            )}
            <Pager
              page={filters.page}
              pages={pageCount(data.total, ADMIN_PAGE_SIZE)}
              onPage={(page) => {
                go({ ...filters, page });
                window.scrollTo({ top: 0 });
              }}
              label={t('admin.properties.pagesLabel')}
            />
          </div>
        )}
      </QueryStates>
    </ListSection>
  );
}

/** 401 and 403: the server refused; another failure may pass on a second try. */
const refused = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

function FilterForm({
  filters,
  onChange,
}: {
  filters: PropertyFilters;
  onChange: (filters: PropertyFilters) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search);
  return (
    <form
      role="search"
      aria-label={t('admin.properties.filtersLabel')}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, search: search.trim() });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="admin-search">{t('admin.properties.searchLabel')}</Label>
        <Input
          id="admin-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('admin.properties.searchPlaceholder')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="admin-status">{t('admin.properties.statusLabel')}</Label>
        <NativeSelect
          id="admin-status"
          value={filters.status}
          onChange={(event) =>
            onChange({
              ...filters,
              search: search.trim(),
              status: event.target.value as PropertyFilters['status'],
            })
          }
        >
          {statusFilters.map((status) => (
            <option key={status} value={status}>
              {t(`admin.properties.statusFilter.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">
        <Search aria-hidden />
        {t('admin.properties.searchButton')}
      </Button>
    </form>
  );
}

function PropertyList({ properties }: { properties: AdminProperty[] }) {
  const { t } = useTranslation();
  const { mutation: approve, approveListing } = useApproveListing();
  const visibility = useSetVisibility();
  const deletion = useDeleteProperty();
  const [toDelete, setToDelete] = useState<AdminProperty | null>(null);

  const busyId = [approve, visibility, deletion].find((m) => m.isPending)?.variables?.id;
  const failed = (title: string) => toast({ title, variant: 'destructive' });

  const [toHide, setToHide] = useState<AdminProperty | null>(null);

  const changeVisibility = (property: AdminProperty, isActive: boolean, reason?: string) => {
    visibility.mutate(
      { id: property.id, isActive, reason },
      {
        onSuccess: () => {
          toast({
            title: isActive ? t('admin.toast.enabled') : t('admin.toast.disabled'),
            description: property.title,
          });
          setToHide(null);
        },
        onError: () => failed(t('admin.toast.visibilityFailed')),
      },
    );
  };
  // Showing is one click; hiding asks for the reason its owner will read.
  const onToggleVisibility = (property: AdminProperty) => {
    if (property.isActive) setToHide(property);
    else changeVisibility(property, true);
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => toast({ title: t('admin.toast.deleted'), description: toDelete.title }),
        onError: () => failed(t('admin.toast.deleteFailed')),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <>
      <ul className="grid gap-4">
        {properties.map((property) => (
          <li key={property.id}>
            <AdminPropertyRow
              property={property}
              busy={busyId === property.id}
              onApprove={() => approveListing(property)}
              onToggleVisibility={() => onToggleVisibility(property)}
              onDelete={() => setToDelete(property)}
            />
          </li>
        ))}
      </ul>
      <ReasonDialog
        kind={hideReason}
        key={toHide?.id ?? 'none'}
        title={toHide?.title ?? ''}
        open={toHide !== null}
        pending={visibility.isPending}
        failed={visibility.isError && visibility.variables?.id === toHide?.id}
        onConfirm={(reason) => toHide && changeVisibility(toHide, false, reason)}
        onClose={() => setToHide(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.properties.deleteTitle')}
        text={t('admin.properties.deleteText', { title: toDelete?.title ?? '' })}
        confirmText={t('admin.properties.confirmDelete')}
        pendingText={t('admin.properties.deleting')}
        pending={deletion.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function RowSkeletons() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-4">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}
