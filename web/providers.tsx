import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RenderedDataSaver } from './lib/data-saver';

/**
 * What every part of the app reads: answers, words, the data saver the page was drawn with.
 * The whole app sits in them, and so does each island a visitor's page wakes (web/islands).
 */
export function SharedProviders({
  queryClient,
  i18n = i18next,
  renderedDataSaver = false,
  children,
}: {
  queryClient: QueryClient;
  i18n?: i18n;
  /** Whether the server rendered the page with the data saver on (lib/data-saver.ts). */
  renderedDataSaver?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RenderedDataSaver value={renderedDataSaver}>{children}</RenderedDataSaver>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
