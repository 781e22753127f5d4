// Each test file's process gets the node catalogue the way the app does: src/ never imports
// nodes/, so the composition root installs it — here, before any test plans a workflow or lists
// node types without starting the app.
import { nodeRegistry } from '../nodes/index';
import { installNodeRegistry } from '../src/engine/node-registry';

installNodeRegistry(nodeRegistry);
