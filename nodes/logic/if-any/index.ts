import { multiConditionNode } from '../../_lib/multi-condition';

export const logicIfAny = multiConditionNode('any');
