/** Every feature module, in registration order. Add a module here and nowhere else. */
import type { Module } from './types.ts';
import { healthModule } from './health/routes.ts';

export const modules: Module[] = [healthModule];
