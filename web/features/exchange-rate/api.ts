import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exchangeRateSchema, type ExchangeRateInput } from '#common/exchange-rate';
import type { ExchangeRate } from '#common/money';
import { apiRequest } from '../../lib/api-client';
import { recheckSession } from '../auth';
import { exchangeRateKey, fetchExchangeRate } from '../properties';

/**
 * The exchange rate (issue 20) in the admin panel's Settings tab: read through the renters' pages' own key
 * and fetcher (properties), so a saved rate replaces the one those pages show.
 */

/** The rate in use; read afresh each time the Settings tab shows (renters' pages keep it an hour). */
export function useAdminExchangeRate() {
  return useQuery({ queryKey: exchangeRateKey, queryFn: fetchExchangeRate, staleTime: 0 });
}

async function saveExchangeRate(body: ExchangeRateInput): Promise<ExchangeRate> {
  return exchangeRateSchema.parse(await apiRequest('PUT', '/api/admin/exchange-rate', body));
}

/**
 * Sets the rate: the answer becomes the cached rate at once; searches (dollar listings rank
 * anew) and the audit log are read again.
 */
export function useSaveExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExchangeRate,
    onSuccess: (rate) => {
      queryClient.setQueryData(exchangeRateKey, rate);
      // Not awaited: the card confirms at once, the lists catch up.
      void Promise.all(
        [['/api/properties/search'], ['/api/admin/audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => recheckSession(queryClient, error),
  });
}
