import { Router } from 'express';
import type { ProviderContext } from '../context';

export function pointsRoutes(_ctx: ProviderContext): Router {
  const r = Router();
  return r;
}
