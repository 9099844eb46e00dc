import type { TestProject } from 'vitest/node';
import { makeTemplate } from './template';

/** Once per run, before the server tests: the seeded database every test server starts from (template.ts). */
export default async function setup(project: TestProject) {
  const { template, remove } = await makeTemplate();
  project.provide('demoTemplate', template);
  return remove;
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplate: import('./template').DemoTemplate;
  }
}
