import { sqlNode } from '../../_lib/sql';

export const integrationPostgresDelete = sqlNode('postgres', 'delete');
