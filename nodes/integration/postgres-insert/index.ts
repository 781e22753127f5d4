import { sqlNode } from '../../_lib/sql';

export const integrationPostgresInsert = sqlNode('postgres', 'insert');
