// The one workflowsPath: every workflow the worker runs is exported from here.
export { ping } from './ping';
