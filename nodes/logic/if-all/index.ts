import { multiConditionNode } from '../../_lib/multi-condition';

export const logicIfAll = multiConditionNode('all');
