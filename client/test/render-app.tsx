import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.js';
import { appRoutes } from '../app/router.js';
import { ApiError, api } from '../lib/api-client.js';
import { createQueryClient } from '../lib/query-client.js';

export type Handler = (body?: unknown) => unknown;
export type ApiStubs = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Record<string, Handler>>>;

/**
 * Stubs the API at the api-client boundary (docs/STYLE.md): each call is answered by the handler
 * for its path; a handler may throw an ApiError. Unknown paths fail loudly.
 */
export function stubApi(stubs: ApiStubs) {
  const answer = (method: keyof ApiStubs, path: string, body?: unknown) => {
    const handler = stubs[method]?.[path];
    if (!handler) return Promise.reject(new ApiError(404, `No stub for ${method.toUpperCase()} ${path}`));
    try {
      return Promise.resolve(handler(body));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    get: vi.spyOn(api, 'get').mockImplementation((path) => answer('get', path) as never),
    post: vi.spyOn(api, 'post').mockImplementation((path, body) => answer('post', path, body) as never),
    put: vi.spyOn(api, 'put').mockImplementation((path, body) => answer('put', path, body) as never),
    patch: vi.spyOn(api, 'patch').mockImplementation((path, body) => answer('patch', path, body) as never),
    delete: vi.spyOn(api, 'delete').mockImplementation((path) => answer('delete', path) as never),
    // GET stubs also answer the calls that read headers (paged lists), with none set.
    getWithHeaders: vi
      .spyOn(api, 'getWithHeaders')
      .mockImplementation(
        (path) => answer('get', path).then((data) => ({ data, headers: new Headers() })) as never,
      ),
  };
}

/** A visitor: GET /api/user answers 401. */
export const signedOut = () => {
  throw new ApiError(401, 'Unauthorized');
};

/** Renders the whole app at a path, with a fresh cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
