import { sqlNode } from '../../_lib/sql';

export const integrationPostgresQuery = sqlNode('postgres', 'query');
