import { sqlNode } from '../../_lib/sql';

export const integrationMysqlInsert = sqlNode('mysql', 'insert');
