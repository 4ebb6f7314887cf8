import type { Services } from '../services/create-services.ts';
import { MODULES } from './modules.ts';

/** Gives the due-work schedule every module's kinds; called once the services exist. */
export function registerDueWork(services: Services): void {
  for (const module of MODULES) for (const handler of module.due?.(services) ?? []) services.dueWork.register(handler);
}
