// The node SDK: the one door from nodes/ into src/. A node (nodes/<category>/<name>/) and the code
// nodes share (nodes/_lib/) import from src/ only through here (or, for code that runs inside the
// workflow, through ./workflow); lint enforces it. What a node reaches of the process beyond this
// comes through its context, as the capabilities below.
export * from './workflow';
export type { ChildRunRefusal, CredentialResolver, KnowledgeResult, NodeBlobs, NodeCapabilities, NodeKnowledge, NodeProviders, NodeRuns, NodeRunStatus, ResolvedCredential } from '../contract/node-capabilities';
export { BlockedAddressError, FetchError, safeFetch, streamingSafeFetch } from '../../infra/net/safe-fetch';
export { BlobNotFoundError, contentTypeFor } from '../../storage/blob-store';
export { chargeOperation, chatQuantities, countPromptTokens, operation, operationCostMicros, UnsupportedModelError } from '../../generation/operations';
export { DEFAULT_MODELS, findPrice, type OperationType } from '../../generation/prices';
export type { Providers } from '../../generation/providers/types';
export { translateRefusal } from '../../generation/providers/local/translate';
export { checkedAddress } from '../connections/resolve-host';
export { httpAuth } from '../connections/http-auth';
export { PROVIDER_METADATA } from '../connections/service';
export { ApprovalParams } from '../approvals/params';
export { isItemListRef, RESULT_REF_KEY, type ResultRef } from '../contract/result-ref';
export type { ItemStreams, ItemWriter, ListRef, StreamedFile } from '../contract/node-capabilities';
// Clients for the services nodes connect to (also what a connection's test uses), and text helpers.
export * from '../connections/clients/credentials';
export * from '../connections/clients/endpoint';
export * from '../connections/clients/brokers';
export * from '../connections/clients/nats';
export * from '../connections/clients/redis';
export * from '../connections/clients/s3';
export * from '../connections/clients/smtp';
export { signingKey } from '../connections/clients/jwt-keys';
export * from '../../infra/text/text-analysis';
export { htmlToText } from '../../infra/text/html-to-text';
