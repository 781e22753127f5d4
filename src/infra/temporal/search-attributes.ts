import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Registered by temporal-dev.sh (and to be created on a cluster: see README "Scaling out").
export const saWorkflowId = defineSearchAttributeKey('AtelierWorkflowId', SearchAttributeType.KEYWORD);
export const saAccountId = defineSearchAttributeKey('AtelierAccountId', SearchAttributeType.KEYWORD);
export const saTriggerType = defineSearchAttributeKey('AtelierTriggerType', SearchAttributeType.KEYWORD);
export const saKind = defineSearchAttributeKey('AtelierKind', SearchAttributeType.KEYWORD);
