import type { FastifyInstance } from 'fastify';

/** One method and URL the server answers. */
export interface ServedRoute {
  method: string;
  url: string;
}

/**
 * Notes every route registered on `app` from now on (child scopes included), so a test can compare
 * what is served with the contract's endpoint table. HEAD routes Fastify adds for GET are left out.
 */
export function recordRoutes(app: FastifyInstance): readonly ServedRoute[] {
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  return routes;
}
