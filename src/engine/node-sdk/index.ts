// The node SDK: the one door from nodes/ into src/. A node (nodes/<category>/<name>/) and the code
// nodes share (nodes/_lib/) import from src/ only through here (or, for code that runs inside the
// workflow, through ./workflow); lint enforces it. What a node reaches of the process beyond this
// comes through its context.
export * from './workflow';
export { allowPrivateNetwork, nodeServices } from '../services';
export { BlockedAddressError, FetchError, safeFetch } from '../../infra/net/safe-fetch';
export { BlobNotFoundError, contentTypeFor } from '../../storage/blob-store';
export { chargeOperation, chatQuantities, countPromptTokens, operation, operationCostMicros, UnsupportedModelError } from '../../generation/operations';
export { DEFAULT_MODELS, findPrice, type OperationType } from '../../generation/prices';
export type { Providers } from '../../generation/providers/types';
export { translateRefusal } from '../../generation/providers/local/translate';
export { checkedAddress } from '../connections/resolve-host';
export { httpAuth } from '../connections/http-auth';
export { nodeCredentials, type CredentialResolver } from '../connections/resolver';
export { PROVIDER_METADATA } from '../connections/service';
export type { Database } from '../../infra/db/index';
