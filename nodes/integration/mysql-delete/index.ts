import { sqlNode } from '../../_lib/sql';

export const integrationMysqlDelete = sqlNode('mysql', 'delete');
