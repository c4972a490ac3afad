import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { vi } from 'vitest';
import type { ApiError } from '#common/api-error';
import { errorCodes, errorText, type ErrorCode, type ErrorParams } from '#common/error-codes';
import { isValidationMessageKey, validationMessages } from '#common/messages';
import { Toaster } from '../components/ui/toaster';
import { i18nReady as appI18nReady, loadScreenTexts } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/** The app's languages, with the screens' texts that the lazy screens load with their code. */
export const i18nReady = appI18nReady.then(() => loadScreenTexts());

/** What the router shows now, and a way to press the browser's back and forward buttons. */
export const router: {
  location: Location | null;
  go: (delta: number) => void;
} = { location: null, go: () => undefined };

function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    router.location = location;
    router.go = (delta) => void navigate(delta);
  }, [location, navigate]);
  return null;
}

/** Renders one route of the app with the app's query client, the toaster and a probe. */
export function renderRoute(element: ReactNode, { path, url }: { path: string; url: string }) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <RouterProbe />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A refusal as the server writes it (common/error-codes.ts): the code's status and English,
 * and each field's English and code (a validation key or an error code).
 */
export function refusal(
  code: ErrorCode,
  options: { params?: ErrorParams; fields?: Record<string, string>; message?: string } = {},
): Response {
  const { params, fields, message } = options;
  const body: ApiError = { message: message ?? errorText(code, params), code };
  if (params) body.params = params;
  if (fields) {
    const text = (field: string) =>
      isValidationMessageKey(field) ? validationMessages[field] : errorText(field as ErrorCode);
    body.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, text(v)]));
    body.fieldCodes = fields as ApiError['fieldCodes'];
  }
  return json(body, errorCodes[code].status);
}

/** The current user is a visitor, and page-load reports are taken, unless a test says otherwise. */
const defaultHandlers: Record<string, Handler> = {
  'GET /api/auth/user': () => refusal('unauthenticated'),
  'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }),
};

/**
 * A fetch that answers by method and path ("GET /api/favorites"); the current user is a
 * visitor unless a handler says otherwise, and anything else fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key] ?? defaultHandlers[key];
    if (!handler) throw new Error(`Unexpected request ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  /** Every request to a path, as URL objects. */
  const calls = (method: string, pathname: string) =>
    fetch.mock.calls
      .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init }))
      .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
      .map(({ url }) => url);
  return { fetch, calls };
}
