import { ClipboardCheck, Film, Wrench } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { User } from '#common/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { AdminOnly } from '../auth';
import { adminTabs, defaultTab } from './admin-tabs';
import { tabColumns } from './tab-rows';
import { usePendingCount } from './api';

/** /admin: the admin panel (spec), its tab named in the URL (?tab=featured). */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.panel.title'));
  return <AdminOnly>{(admin) => <AdminPanel admin={admin} />}</AdminOnly>;
}

function AdminPanel({ admin }: { admin: User }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const named = params.get('tab');
  const tab = adminTabs.some((entry) => entry.value === named) ? named! : defaultTab;
  const pending = usePendingCount();

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('admin.panel.title')}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('admin.panel.subtitle')}</p>
        </div>
        <nav aria-label={t('admin.panel.otherPages')} className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={paths.adminServiceApproval()}>
              <Wrench aria-hidden />
              {t('admin.panel.serviceApproval')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.adminVideoManagement()}>
              <Film aria-hidden />
              {t('admin.panel.videoManagement')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.adminPanel()}>
              <ClipboardCheck aria-hidden />
              {t('admin.panel.approvalQueue')}
              {pending.data ? (
                <Badge variant="count">
                  <span aria-hidden>{pending.data}</span>
                  <span className="sr-only">
                    {t('admin.panel.waiting', { count: pending.data })}
                  </span>
                </Badge>
              ) : null}
            </Link>
          </Button>
        </nav>
      </div>

      <Tabs
        value={tab}
        // Another tab starts clean: its own filters and paging are not carried over.
        onValueChange={(value) =>
          setParams(value === defaultTab ? {} : { tab: value }, { replace: true })
        }
        className="mt-8"
      >
        {/* Rows of equal tabs: two a row on a phone (an odd last one takes the row), and on
            wider screens as many as tabColumns says, so no row holds one tab alone. */}
        <TabsList
          aria-label={t('admin.panel.tabsLabel')}
          style={{ '--tab-columns': tabColumns(adminTabs.length) } as CSSProperties}
          className="grid h-auto grid-cols-2 gap-1 sm:grid-cols-[repeat(var(--tab-columns),minmax(0,1fr))] max-sm:[&>:last-child:nth-child(odd)]:col-span-2"
        >
          {adminTabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="min-h-8 whitespace-normal">
              <Icon aria-hidden />
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminTabs.map(({ value, Content }) => (
          <TabsContent key={value} value={value} className="mt-6">
            <Content user={admin} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
