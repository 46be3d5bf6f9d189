import type { Request, RequestHandler, Response } from 'express';
import { backofficeMenus, canSeePath, menuPaths, visibleMenu, type MenuContext } from '@hive/shared/menu';
import { liveTopicsOfPages, type LiveTopic } from '@hive/shared/schemas/live';
import { readSession, type AuthContext, type RequestSession } from '../auth';
import { HttpError } from '../../platform/http';

/** The signed-in merchant behind a back-office request: everything is scoped to `companyId`. */
export interface Merchant {
  userId: number;
  companyId: number;
  /** The sign-in behind the request (the `sid` claim): the live stream ends with it. */
  sessionId: string;
  company: { name: string; slug: string; license: string; addons: string[] };
  menu: MenuContext;
}

const UNAUTHORIZED = { error: 'unauthorized', message: 'Sign in first: there is no valid session.' };
const NOT_MERCHANT = {
  error: 'forbidden',
  message: 'The back-office is for company accounts; platform staff use the admin console.',
};
const forbiddenFor = (path: string) => ({
  error: 'forbidden',
  message: `Your role, licence, add-ons or permissions do not include ${path}.`,
});

export async function loadMerchant(ctx: AuthContext, req: Request): Promise<Merchant> {
  const session = await readSession(ctx, req);
  if (!session) throw new HttpError(401, UNAUTHORIZED);
  const { profile } = session;
  if (profile.admin || profile.company === null) throw new HttpError(403, NOT_MERCHANT);
  const { company } = profile;
  return {
    userId: profile.id,
    companyId: company.id,
    sessionId: session.claims.sid,
    company: { name: company.name, slug: company.slug, license: company.license, addons: company.addons },
    menu: menuOf(profile),
  };
}

/** The same context the browser builds from usercompany, so server and sidebar agree. */
export function menuOf(profile: NonNullable<RequestSession>['profile']): MenuContext {
  return {
    role: profile.role,
    license: profile.company?.license ?? null,
    addons: profile.company?.addons ?? [],
    permissions: profile.permissions,
  };
}

/**
 * The live topics a merchant may receive: those of the pages requirePage would let them open
 * (LIVE_PAGE_TOPICS), so the stream tells nobody what their pages would not show them.
 */
export function liveTopicsFor(menu: MenuContext): Set<LiveTopic> {
  const pages = new Set(menuPaths(visibleMenu(backofficeMenus, menu)));
  return liveTopicsOfPages((path) => pages.has(path));
}

export function merchantOf(res: Response): Merchant {
  return res.locals.merchant as Merchant;
}

/** Signed-in merchant only (no page rule): e.g. the header's company name. */
export function requireMerchant(ctx: AuthContext): RequestHandler {
  const handler: RequestHandler = async (req, res, next) => {
    res.locals.merchant = await loadMerchant(ctx, req);
    next();
  };
  // Read by listRoutes: a route any signed-in merchant may use (no page rule).
  return Object.assign(handler, { menuPath: null });
}

/**
 * The page rule of the menu (role, licence/add-on, `view_{path}_menu`): the API behind a page
 * answers exactly the users whose sidebar shows that page (`canSeePath`, never a second copy).
 */
export function requirePage(ctx: AuthContext, menuPath: string): RequestHandler {
  const handler: RequestHandler = async (req, res, next) => {
    const merchant = await loadMerchant(ctx, req);
    if (!canSeePath(menuPath, merchant.menu)) throw new HttpError(403, forbiddenFor(menuPath));
    res.locals.merchant = merchant;
    next();
  };
  // Read by listRoutes, so the role tests know each route's page without a list of their own.
  return Object.assign(handler, { menuPath });
}

/**
 * After a successful write under this router (answered below 400, so committed), the live pages of
 * the writer's company that show `topic` refetch: another tab, another user. Use after the guard.
 */
export function announceWrites(ctx: AuthContext, topic: LiveTopic): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        const merchant = res.locals.merchant as Merchant | undefined;
        if (merchant && res.statusCode < 400) ctx.live.publishChange(merchant.companyId, topic);
      });
    }
    next();
  };
}
