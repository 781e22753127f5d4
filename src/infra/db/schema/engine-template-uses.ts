import type { Generated } from 'kysely';

/** How often each template (data in src/engine/templates/) was installed. */
export interface EngineTemplateUsesTable {
  template_id: string;
  use_count: Generated<number>;
}
