import type { Landmark } from '#common/maps';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { MarketplaceStats, Property, SearchResult } from '#common/properties';
import type { ListingInput, ListingUpdate, OwnerContact } from '#common/listings';
import type { ExchangeRate } from '#common/money';
import type { SavedListing } from '#common/saved-listings';
import { apiRequest } from '../../lib/api-client';

/**
 * Listings and favourites, one fetcher, query options and hook per endpoint.
 *
 * The three public reads a visitor meets first (featured, search, one listing) are typed, not
 * parsed: the server already checks every answer against the same schemas of common/ before
 * it sends it (the Zod serializer compiler), and parsing here would put Zod (25 KB compressed)
 * on the landing, search and listing pages. Every other answer is parsed, with its schema
 * loaded alongside the request, so a server that drifts from the contract fails loudly here
 * instead of deep inside a component.
 */
async function parsed<T>(
  schema: Promise<{ parse(data: unknown): T }>,
  answer: Promise<unknown>,
): Promise<T> {
  const [loaded, body] = await Promise.all([schema, answer]);
  return loaded.parse(body);
}
const propertySchemas = () => import('#common/properties');
const listingSchemas = () => import('#common/listings');

export type SearchQuery = Record<string, string>;

export const featuredKey = ['/api/properties/featured'] as const;
export const searchKey = (query: SearchQuery) => ['/api/properties/search', query] as const;
export const propertyKey = (id: string) => ['/api/properties', id] as const;
export const favoritesKey = ['/api/favorites'] as const;
export const statsKey = ['/api/properties/stats'] as const;

export async function fetchFeatured(): Promise<Property[]> {
  return apiRequest<Property[]>('GET', '/api/properties/featured');
}

export async function fetchSearch(query: SearchQuery): Promise<SearchResult> {
  const search = new URLSearchParams(query).toString();
  const url = search ? `/api/properties/search?${search}` : '/api/properties/search';
  return apiRequest<SearchResult>('GET', url);
}

export async function fetchProperty(id: string): Promise<Property> {
  return apiRequest<Property>('GET', `/api/properties/${encodeURIComponent(id)}`);
}

export async function fetchFavorites(): Promise<SavedListing[]> {
  return parsed(
    import('#common/saved-listings').then((m) => m.savedListingListSchema),
    apiRequest('GET', '/api/favorites'),
  );
}

/** A saved listing that is live: the whole listing. */
export const isAvailable = (
  listing: SavedListing,
): listing is Property & { availability: 'available' } => listing.availability === 'available';
const liveOnly = (list: SavedListing[]): Property[] => list.filter(isAvailable);

export const featuredQuery = queryOptions({ queryKey: featuredKey, queryFn: fetchFeatured });

export const searchQuery = (query: SearchQuery) =>
  queryOptions({ queryKey: searchKey(query), queryFn: () => fetchSearch(query) });

export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: propertyKey(id), queryFn: () => fetchProperty(id) });

export const favoritesQuery = queryOptions({ queryKey: favoritesKey, queryFn: fetchFavorites });

export function useFeaturedProperties() {
  return useQuery(featuredQuery);
}

/** What the home page says of the marketplace: listers with a live listing (issue 50). */
export function useMarketplaceStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: () => apiRequest<MarketplaceStats>('GET', '/api/properties/stats'),
  });
}

export function useSearchProperties(query: SearchQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchQuery(query), enabled: options.enabled ?? true });
}

export function useProperty(id: string) {
  return useQuery(propertyQuery(id));
}

export const exchangeRateKey = ['/api/exchange-rate'] as const;

/** Typed, not parsed, like the listing it sits beside (the listing and search pages). */
export async function fetchExchangeRate(): Promise<ExchangeRate> {
  return apiRequest<ExchangeRate>('GET', '/api/exchange-rate');
}

/**
 * The cedis-per-dollar rate search compares currencies with (issue 20). An administrator sets
 * it now and then, so one read an hour is plenty; pass enabled=false until it is shown.
 */
export function useExchangeRate(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: exchangeRateKey,
    queryFn: fetchExchangeRate,
    staleTime: 60 * 60_000,
    gcTime: 60 * 60_000,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/places: a city's landmarks for "Near a place" (issue 39). */
export const placesKey = (city: string) => ['/api/places', city] as const;

/** The landmarks of a city of the fixed lists; they change with a release, not a day. */
export function usePlaces(city: string | null) {
  return useQuery({
    queryKey: placesKey(city ?? ''),
    queryFn: () =>
      apiRequest<{ places: Landmark[] }>('GET', `/api/places?city=${encodeURIComponent(city!)}`),
    staleTime: 24 * 60 * 60_000,
    enabled: city !== null,
  });
}

/** The signed-in reader's saved live listings; pass enabled=false for visitors (it would 401). */
export function useFavorites(options: { enabled?: boolean } = {}) {
  return useQuery({ ...favoritesQuery, select: liveOnly, enabled: options.enabled ?? true });
}

/** Every saved listing, live or not, with its availability (Saved Properties, issue 34). */
export function useSavedListings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...favoritesQuery, enabled: options.enabled ?? true });
}

export async function saveFavorite(id: string): Promise<void> {
  await apiRequest('POST', `/api/favorites/${encodeURIComponent(id)}`);
}

export async function removeFavorite(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/favorites/${encodeURIComponent(id)}`);
}

/** Every cached query that holds listings, with the shape its data has. */
const listingQueries: QueryKey[] = [
  featuredKey,
  ['/api/properties/search'],
  ['/api/properties'],
  favoritesKey,
];

type ListingData = Property | Property[] | SearchResult | undefined;

function withFavorite(data: ListingData, id: string, saved: boolean): ListingData {
  const mark = (p: Property) => (p.id === id ? { ...p, isFavorite: saved } : p);
  if (!data) return data;
  if (Array.isArray(data)) return data.map(mark);
  if ('properties' in data) return { ...data, properties: data.properties.map(mark) };
  return mark(data);
}

/** The heart of listing `id` as `saved` in every cached list and page that shows it. */
export function markEverywhere(queryClient: QueryClient, id: string, saved: boolean) {
  for (const queryKey of listingQueries) {
    queryClient.setQueriesData<ListingData>({ queryKey }, (data) => withFavorite(data, id, saved));
  }
  // A listing taken off the saved list disappears from it at once.
  if (!saved) {
    queryClient.setQueryData<SavedListing[]>(favoritesKey, (list) =>
      list?.filter((p) => p.id !== id),
    );
  }
}

/**
 * Save or unsave a listing. The heart changes at once everywhere the listing is shown; on
 * failure every cache goes back to what it was, and the caller shows the toast its screen
 * needs. The saved list is fetched again afterwards (its own key).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: string; save: boolean }) =>
      save ? saveFavorite(id) : removeFavorite(id),
    onMutate: async ({ id, save }) => {
      await Promise.all(listingQueries.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshot = listingQueries.flatMap((queryKey) =>
        queryClient.getQueriesData<ListingData>({ queryKey }),
      );
      markEverywhere(queryClient, id, save);
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) {
        queryClient.setQueryData(queryKey, data);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKey }),
  });
}

/**
 * Where a visitor who tries to save goes: the server's sign-in redirect, back here after, with
 * the listing saved for them once they have signed in (`listingId`, issue 51).
 */
export function signInToSaveUrl(
  location: { pathname: string; search: string },
  listingId?: string,
): string {
  const next = `/api/login?next=${encodeURIComponent(location.pathname + location.search)}`;
  return listingId ? `${next}&then=${encodeURIComponent(`save-listing:${listingId}`)}` : next;
}

// ── Owners' listings (issue 4): create, edit, delete, their own list, contact details ──

export const userPropertiesKey = ['/api/user/properties'] as const;
export const ownerContactKey = (id: string) => ['/api/properties', id, 'contact'] as const;

export async function fetchUserProperties(): Promise<Property[]> {
  return parsed(
    propertySchemas().then((m) => m.propertyListSchema),
    apiRequest('GET', '/api/user/properties'),
  );
}

export async function fetchOwnerContact(id: string): Promise<OwnerContact> {
  return parsed(
    listingSchemas().then((m) => m.ownerContactSchema),
    apiRequest('GET', `/api/properties/${encodeURIComponent(id)}/contact`),
  );
}

export async function createListing(input: ListingInput): Promise<{ id: string }> {
  return parsed(
    listingSchemas().then((m) => m.createdListingSchema),
    apiRequest('POST', '/api/properties', input),
  );
}

export async function updateListing(id: string, input: ListingUpdate) {
  return parsed(
    listingSchemas().then((m) => m.updatedListingSchema),
    apiRequest('PUT', `/api/properties/${encodeURIComponent(id)}`, input),
  );
}

/** Marks the owner's listing rented (issue 21), or available again: it answers the new status. */
export async function setListingRented(id: string, rented: boolean) {
  return parsed(
    listingSchemas().then((m) => m.updatedListingSchema),
    apiRequest(rented ? 'POST' : 'DELETE', `/api/properties/${encodeURIComponent(id)}/rented`),
  );
}

export async function deleteListing(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/properties/${encodeURIComponent(id)}`);
}

export const userPropertiesQuery = queryOptions({
  queryKey: userPropertiesKey,
  queryFn: fetchUserProperties,
});

/** The signed-in user's own listings, every status; pass enabled=false for visitors. */
export function useUserProperties(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userPropertiesQuery, enabled: options.enabled ?? true });
}

/** The owner's contact details; the server answers 404 unless the listing is live. */
export function useOwnerContact(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ownerContactKey(id),
    queryFn: () => fetchOwnerContact(id),
    enabled: options.enabled ?? true,
  });
}

/**
 * After any write of a listing every list that may hold it is read again (also by the
 * confirmation hooks of confirmation-api.ts).
 */
export function invalidateListings(queryClient: QueryClient) {
  return Promise.all(
    [...listingQueries, userPropertiesKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => invalidateListings(queryClient),
  });
}

export function useUpdateListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingUpdate) => updateListing(id, input),
    onSuccess: () => invalidateListings(queryClient),
  });
}

/**
 * Mark a listing rented (it leaves search at once) or available again; the owner's list,
 * searches and the listing's page are read again.
 */
export function useSetListingRented() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rented }: { id: string; rented: boolean }) => setListingRented(id, rented),
    onSuccess: () => invalidateListings(queryClient),
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: propertyKey(id) });
      return invalidateListings(queryClient);
    },
  });
}
