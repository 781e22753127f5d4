import { sqlNode } from '../../_lib/sql';

export const integrationPostgresUpdate = sqlNode('postgres', 'update');
