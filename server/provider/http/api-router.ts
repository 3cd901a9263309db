import { Router } from 'express';

/**
 * The router of every provider area: a path matches only as the contract writes it. Express's default
 * folds case and ignores a trailing slash, so `Auth/Register` or `auth/logout/` would reach the same
 * handlers under a path the gateway does not know as sign-in or logout (it moves the session token into
 * the cookie, and clears the cookie, by exact path).
 */
export function apiRouter(): Router {
  return Router({ caseSensitive: true, strict: true });
}
