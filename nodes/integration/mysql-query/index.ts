import { sqlNode } from '../../_lib/sql';

export const integrationMysqlQuery = sqlNode('mysql', 'query');
