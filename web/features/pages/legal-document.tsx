import { ArrowLeft } from 'lucide-react';
import { Fragment, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Operator } from '#common/legal';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { LEGAL_NAMESPACE } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useOperator } from './operator-api';

/**
 * One part of a section in the `legal` namespace: a paragraph, a sub-heading (`h`) or a
 * bulleted list (`ul`). Every language has the same parts (web/locales/locales.test.ts).
 */
type Block = string | { h: string } | { ul: string[] };

export type LegalDocumentProps = {
  /** The document's key in the `legal` namespace. */
  document: 'privacy' | 'terms';
  /** Section ids in order: the anchors of the contents and the keys of the texts. */
  sections: readonly string[];
  /** Calendar days, YYYY-MM-DD. */
  effective: string;
  updated: string;
};

/** A calendar day in the reader's language ("July 26, 2025", "26 juillet 2025"). */
function formatLegalDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Text with its e-mail addresses as mail links. */
function WithMailLinks({ text }: { text: string }) {
  const parts = text.split(/([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={`mailto:${part}`}
        className="font-medium text-primary underline underline-offset-2 [overflow-wrap:anywhere] hover:text-primary-hover"
      >
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function SectionBody({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    if (typeof block === 'string') {
      return (
        <p key={index}>
          <WithMailLinks text={block} />
        </p>
      );
    }
    if ('h' in block) {
      return (
        <h3 key={index} className="pt-2 text-base font-semibold text-zinc-900">
          {block.h}
        </h3>
      );
    }
    return (
      <ul key={index} className="list-disc space-y-2 pl-6 marker:text-zinc-400">
        {block.ul.map((item, itemIndex) => (
          <li key={itemIndex}>
            <WithMailLinks text={item} />
          </li>
        ))}
      </ul>
    );
  });
}

/** The blocks of a section, or none while a text is missing (never a crash on a bad file). */
function asBlocks(value: unknown): Block[] {
  return Array.isArray(value) ? (value as Block[]) : [];
}

/** A page opened at /privacy-policy#data-retention goes to that section once the text is in. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);
}

/**
 * The operator's facts as the texts name them (`{{operatorName}}`…): written by the operator
 * in one language, they stand in the translated sentences as they are.
 */
function operatorValues(operator: Operator) {
  return {
    operatorName: operator.name,
    operatorAddress: operator.address,
    jurisdiction: operator.jurisdiction,
    disputeVenue: operator.disputeVenue,
    operatorEmail: operator.email,
  };
}

/** Why the page shows no text: the operator it names could not be read. */
function OperatorFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
        {t('common.loadFailed')}
      </p>
      <Button variant="outline" className="mt-4" onClick={retry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

function LegalDocumentContent({ document, sections, effective, updated }: LegalDocumentProps) {
  const { t, i18n } = useTranslation(LEGAL_NAMESPACE);
  const title = t(`${document}.title`);
  useDocumentTitle(title);
  useScrollToHash();
  // The server renders the page with it (page-reads.ts); the browser asks once otherwise.
  const operator = useOperator();
  if (operator.isError) return <OperatorFailed retry={() => void operator.refetch()} />;
  if (!operator.data) return <PageSpinner />;
  const named = operatorValues(operator.data);
  const heading = (id: string, index: number) =>
    `${index + 1}. ${t(`${document}.sections.${id}.title`)}`;
  const dates = [
    { label: t('common.effective'), day: effective },
    { label: t('common.updated'), day: updated },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.home()}>
          <ArrowLeft aria-hidden />
          {t('common.backHome')}
        </Link>
      </Button>

      <header className="mt-4 max-w-[70ch]">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t(`${document}.summary`)}</p>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          {dates.map((date) => (
            <div key={date.label} className="flex gap-1">
              <dt>{date.label}</dt>
              <dd className="font-medium text-zinc-800">
                <time dateTime={date.day}>{formatLegalDate(date.day, i18n.language)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </header>

      <div className="mt-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <nav
          aria-labelledby="legal-contents"
          className="rounded-lg border border-border bg-zinc-50 p-4 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto"
        >
          <p id="legal-contents" className="text-sm font-semibold">
            {t('common.contents')}
          </p>
          <ol className="mt-2 space-y-1 text-sm">
            {sections.map((id, index) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded px-1 py-0.5 text-zinc-700 underline-offset-4 hover:text-primary hover:underline"
                >
                  {heading(id, index)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 max-w-[70ch] space-y-10 leading-relaxed text-zinc-700 lg:mt-0">
          {sections.map((id, index) => (
            <section key={id} aria-labelledby={id} className="space-y-4">
              <h2 id={id} className="scroll-mt-24 text-xl font-semibold text-zinc-900 sm:text-2xl">
                {heading(id, index)}
              </h2>
              <SectionBody
                blocks={asBlocks(
                  t(`${document}.sections.${id}.body`, {
                    returnObjects: true,
                    ...named,
                  }) as unknown,
                )}
              />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * A legal page (privacy policy, terms of service): title, dates in the reader's language,
 * contents linking to every numbered section, and a way back home. The texts live in the
 * `legal` namespace, fetched only when one of these pages opens; the operator they name
 * (its name, address, jurisdiction and contact) is the server's configuration. The server
 * renders both pages (web/render-page.tsx).
 */
export function LegalDocument(props: LegalDocumentProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LegalDocumentContent {...props} />
    </Suspense>
  );
}
