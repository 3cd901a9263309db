import { Router } from 'express';
import type { ProviderContext } from '../context';

export function catalogRoutes(_ctx: ProviderContext): Router {
  const r = Router();
  return r;
}
