import { Router } from 'express';
import type { ProviderContext } from '../context';

export function authRoutes(_ctx: ProviderContext): Router {
  const r = Router();
  return r;
}
