import { sqlNode } from '../../_lib/sql';

export const integrationMysqlUpdate = sqlNode('mysql', 'update');
